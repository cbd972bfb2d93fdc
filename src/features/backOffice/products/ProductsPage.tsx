import { useState, type ReactNode } from 'react';
import { useNavigate, useParams, useRoutes, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { StaffProduct } from 'contract';
import { STAFF_PRODUCT_PAGE_SIZE, STOCK_REASON_LABELS } from 'contract/catalogueRules';
import EmptyState from '../../../components/EmptyState';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import RouterLink from '../../../components/RouterLink';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatNaira, formatWhen } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  catalogueAdminApi,
  useGetAdminCategoriesQuery,
  useGetAdminProductQuery,
  useGetAdminProductsQuery,
  useGetStockHistoryQuery,
  useUpdateProductMutation,
} from '../../../services/backOffice/catalogueAdminApi';
import { loadApi } from '../../../state/lazyApis';
import { TAP_TARGET_PX } from '../../../theme/theme';
import ProductPhotos from '../photos/ProductPhotos';
import { BackOfficeGate, PRODUCTS_PATH, productPath, useIsOwner } from './backOfficeGate';
import ProductForm from './ProductForm';
import StockDialog from './StockDialog';

loadApi(catalogueAdminApi);

/** The products section: the list at /staff/products, a new one, and each product's page. */
export default function ProductsPage() {
  return useRoutes([
    { index: true, element: <ProductList /> },
    { path: 'new', element: <NewProduct /> },
    { path: ':id', element: <EditProduct /> },
  ]);
}

// ------------------------------------------------------------------ the list

function readListQuery(params: URLSearchParams) {
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    archived: params.get('archived') === '1',
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
  };
}

function ProductList() {
  useDocumentTitle('Products');
  const isOwner = useIsOwner();
  return (
    <>
      <PageHeader title="Products" subtitle="Tap a product to change it or count its stock." />
      <BackOfficeGate>
        <Stack spacing={2}>
          {isOwner ? (
            <Button variant="contained" component={RouterLink} to={`${PRODUCTS_PATH}/new`}>
              Add a product
            </Button>
          ) : null}
          <ProductListBody />
        </Stack>
      </BackOfficeGate>
    </>
  );
}

function ProductListBody() {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const [typed, setTyped] = useState(query.q);
  const { data: categoryList } = useGetAdminCategoriesQuery();
  const { data, error, isError, isFetching, refetch } = useGetAdminProductsQuery({
    ...(query.q === '' ? {} : { q: query.q }),
    ...(query.category === '' ? {} : { category: query.category }),
    archived: query.archived,
    limit: STAFF_PRODUCT_PAGE_SIZE,
    offset: (query.page - 1) * STAFF_PRODUCT_PAGE_SIZE,
  });

  function change(next: Partial<ReturnType<typeof readListQuery>>) {
    const merged = { ...query, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.q !== '') out.set('q', merged.q);
    if (merged.category !== '') out.set('category', merged.category);
    if (merged.archived) out.set('archived', '1');
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out, { replace: true });
  }

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STAFF_PRODUCT_PAGE_SIZE));

  let body: ReactNode;
  if (data && data.products.length === 0) {
    body = (
      <EmptyState
        icon={<Inventory2Outlined />}
        message={query.archived ? 'No archived products' : 'No products here'}
        description={
          query.q || query.category ? 'No product matches this search.' : 'Add the first one.'
        }
      />
    );
  } else if (data) {
    body = (
      <>
        <Typography role="status" color="text.secondary">
          {`${total} ${total === 1 ? 'product' : 'products'}`}
        </Typography>
        <Stack
          component="ul"
          aria-label="Products"
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0, opacity: isFetching ? 0.7 : 1 }}
        >
          {data.products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </Stack>
        {pages > 1 ? (
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Button
              variant="outlined"
              disabled={query.page <= 1}
              onClick={() => change({ page: query.page - 1 })}
            >
              Previous
            </Button>
            <Button
              variant="outlined"
              disabled={query.page >= pages}
              onClick={() => change({ page: query.page + 1 })}
            >
              Next
            </Button>
          </Stack>
        ) : null}
      </>
    );
  } else if (isError) {
    body = <QueryError error={error} onRetry={() => void refetch()} />;
  } else {
    body = <QueryLoading />;
  }

  return (
    <Stack spacing={2}>
      <Stack role="search" direction="row" spacing={1}>
        <TextField
          type="search"
          label="Search by name"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') change({ q: typed.trim() });
          }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={() => change({ q: typed.trim() })}>
          Search
        </Button>
      </Stack>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          select
          label="Category"
          value={query.category}
          onChange={(event) => change({ category: event.target.value })}
          sx={{ flex: '1 1 10rem', minWidth: 0 }}
        >
          <MenuItem value="" sx={{ minHeight: TAP_TARGET_PX }}>
            Every category
          </MenuItem>
          {(categoryList?.categories ?? []).map((c) => (
            <MenuItem key={c.id} value={c.name} sx={{ minHeight: TAP_TARGET_PX }}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={query.archived}
              onChange={(event) => change({ archived: event.target.checked })}
            />
          }
          label="Archived"
        />
      </Stack>
      {body}
    </Stack>
  );
}

function stockChip(product: StaffProduct) {
  if (product.stock === 0) return <Chip size="small" color="error" label="Out of stock" />;
  if (product.low_stock_level !== null && product.stock <= product.low_stock_level) {
    return <Chip size="small" color="warning" label="Low stock" />;
  }
  return null;
}

/** One product on a phone: name, price, stock; the whole card opens it. */
function ProductCard({ product }: { product: StaffProduct }) {
  const selling = product.discount === null ? product.price : product.price - product.discount;
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={productPath(product.id)}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatNaira(selling)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[product.category, product.unit].filter(Boolean).join(' · ')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Typography variant="body2">{`${product.stock} on sale`}</Typography>
            {product.held > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {`· ${product.held} held`}
              </Typography>
            ) : null}
            {stockChip(product)}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

// ------------------------------------------------------------------ one product

function NewProduct() {
  useDocumentTitle('New product');
  const navigate = useNavigate();
  const isOwner = useIsOwner();
  const { data: categories } = useGetAdminCategoriesQuery();
  return (
    <>
      <PageHeader title="New product" subtitle="It shows in the shop and in search once saved." />
      <BackOfficeGate>
        {categories ? (
          <ProductForm
            product={null}
            categories={categories.categories.map((c) => c.name)}
            canEdit={isOwner}
            onSaved={(made) => void navigate(productPath(made.id), { replace: true })}
          />
        ) : (
          <QueryLoading />
        )}
      </BackOfficeGate>
    </>
  );
}

function EditProduct() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  return (
    <BackOfficeGate>
      {valid ? (
        <ProductEditor id={id} />
      ) : (
        <Alert severity="warning">That is not a product’s address.</Alert>
      )}
    </BackOfficeGate>
  );
}

function ProductEditor({ id }: { id: number }) {
  const isOwner = useIsOwner();
  const { data: product, error, isError, refetch } = useGetAdminProductQuery(id);
  const { data: categories } = useGetAdminCategoriesQuery();
  const [stockOpen, setStockOpen] = useState(false);
  const [archiveOpen, setArchiveOpen] = useState(false);
  useDocumentTitle(product?.name ?? 'Product');

  if (!product || !categories) {
    if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
    return <QueryLoading />;
  }
  return (
    <>
      <PageHeader
        title={product.name}
        subtitle={product.archived_at ? 'Archived: not in the shop' : `${product.stock} on sale`}
      />
      <Stack spacing={3}>
        {product.archived_at ? (
          <Alert severity="info">
            Archived products are out of the shop and search, and stay on the orders that name them.
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => setStockOpen(true)}>
            Count or add stock
          </Button>
          {isOwner ? (
            <Button variant="outlined" onClick={() => setArchiveOpen(true)}>
              {product.archived_at ? 'Restore to the shop' : 'Archive'}
            </Button>
          ) : null}
        </Stack>
        <ProductForm
          // A new version (a save, or the other person's change when asked for) starts afresh.
          key={`${product.id}-${product.row_version}`}
          product={product}
          categories={categories.categories.map((c) => c.name)}
          canEdit={isOwner}
          onSaved={() => undefined}
          onReload={() => void refetch()}
        />
        <ProductPhotos productId={product.id} />
        <StockHistoryList productId={product.id} />
      </Stack>
      <StockDialog open={stockOpen} product={product} onClose={() => setStockOpen(false)} />
      <ArchiveDialog open={archiveOpen} product={product} onClose={() => setArchiveOpen(false)} />
    </>
  );
}

export interface ArchiveDialogProps {
  open: boolean;
  product: Pick<StaffProduct, 'id' | 'name' | 'archived_at' | 'row_version' | 'has_orders'>;
  onClose: () => void;
}

/** Archiving takes a product out of the shop (never off its orders); restoring puts it back. */
export function ArchiveDialog({ open, product, onClose }: ArchiveDialogProps) {
  const [update, { isLoading }] = useUpdateProductMutation();
  const archiving = product.archived_at === null;
  async function confirm() {
    try {
      await update({
        id: product.id,
        changes: { row_version: product.row_version, archived: archiving },
      }).unwrap();
      toast.success(archiving ? `${product.name} archived` : `${product.name} is back in the shop`);
      onClose();
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="archive-title" fullWidth maxWidth="xs">
      <DialogTitle id="archive-title">
        {archiving ? `Archive ${product.name}?` : `Restore ${product.name}?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {archiving
            ? `It leaves the shop, search and its category at once.${product.has_orders ? ' Orders that name it keep it.' : ''} You can restore it later.`
            : 'It shows in the shop and in search again at once.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep as it is</Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          {archiving ? 'Archive' : 'Restore'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function StockHistoryList({ productId }: { productId: number }) {
  const { data, error, isError, refetch } = useGetStockHistoryQuery(productId);
  let body: ReactNode;
  if (data && data.changes.length === 0) {
    body = <Typography color="text.secondary">No stock changes yet.</Typography>;
  } else if (data) {
    body = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.changes.map((c) => (
          <li key={c.id}>
            <Typography>
              {`${c.delta > 0 ? '+' : ''}${c.delta} · ${STOCK_REASON_LABELS[c.reason]} · ${c.stock_after} after`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[c.by, formatWhen(c.at), c.note].filter(Boolean).join(' · ')}
            </Typography>
          </li>
        ))}
      </Stack>
    );
  } else if (isError) {
    body = <QueryError error={error} onRetry={() => void refetch()} />;
  } else {
    body = <QueryLoading />;
  }
  return (
    <section aria-labelledby="stock-history">
      <Typography id="stock-history" variant="h6" component="h2" sx={{ mb: 1 }}>
        Stock history
      </Typography>
      {body}
    </section>
  );
}
