import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { StaffCategory } from 'contract';
import EmptyState from '../../../components/EmptyState';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  catalogueAdminApi,
  useDeleteCategoryMutation,
  useGetAdminCategoriesQuery,
  useUpdateCategoryMutation,
} from '../../../services/backOffice/catalogueAdminApi';
import { loadApi } from '../../../state/lazyApis';
import { BackOfficeGate } from './backOfficeGate';
import CategoryDialog from './CategoryDialog';

loadApi(catalogueAdminApi);

const TITLE = 'Categories';

/**
 * The shop's aisles: their names and order, which the home page's tiles and the shop's
 * chips follow. A category shows in the shop only while one of its products is in stock.
 */
export default function CategoriesPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="The shop shows them in this order, each once it has a product in stock."
      />
      <BackOfficeGate>
        <CategoryList />
      </BackOfficeGate>
    </>
  );
}

function CategoryList() {
  const { data, error, isError, isFetching, refetch } = useGetAdminCategoriesQuery();
  const [dialog, setDialog] = useState<{ category: StaffCategory | null } | null>(null);
  const [update, updating] = useUpdateCategoryMutation();
  const [remove, removing] = useDeleteCategoryMutation();
  const busy = updating.isLoading || removing.isLoading;

  async function move(category: StaffCategory, position: number) {
    try {
      await update({ id: category.id, changes: { position } }).unwrap();
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  }

  async function deleteOne(category: StaffCategory) {
    try {
      await remove(category.id).unwrap();
      toast.success(`${category.name} deleted`);
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  }

  if (!data) {
    if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
    return <QueryLoading />;
  }
  const list = data.categories;
  return (
    <Stack spacing={2}>
      <Button variant="contained" onClick={() => setDialog({ category: null })}>
        Add a category
      </Button>
      {list.length === 0 ? (
        <EmptyState icon={<CategoryOutlined />} message="No categories yet" />
      ) : (
        <Stack
          component="ol"
          aria-label="Categories in shop order"
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0, opacity: isFetching ? 0.7 : 1 }}
        >
          {list.map((category, i) => (
            <li key={category.id}>
              <Card variant="outlined">
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Stack sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{category.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {`${category.products} ${category.products === 1 ? 'product' : 'products'}`}
                      </Typography>
                    </Stack>
                    <IconButton
                      aria-label={`Move ${category.name} up`}
                      disabled={busy || i === 0}
                      onClick={() => void move(category, i)}
                    >
                      <ArrowUpward />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${category.name} down`}
                      disabled={busy || i === list.length - 1}
                      onClick={() => void move(category, i + 2)}
                    >
                      <ArrowDownward />
                    </IconButton>
                    <IconButton
                      aria-label={`Rename ${category.name}`}
                      onClick={() => setDialog({ category })}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${category.name}`}
                      disabled={busy}
                      onClick={() => void deleteOne(category)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Stack>
                </CardContent>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      {dialog ? (
        <CategoryDialog open category={dialog.category} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}
