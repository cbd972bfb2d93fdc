import { useState } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import type { StaffProduct } from 'contract';
import EmptyState from '../../../components/EmptyState';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import {
  catalogueAdminApi,
  useGetLowStockQuery,
} from '../../../services/backOffice/catalogueAdminApi';
import { loadApi } from '../../../state/lazyApis';
import { BackOfficeGate } from './backOfficeGate';
import StockDialog from './StockDialog';

loadApi(catalogueAdminApi);

const TITLE = 'Low stock';

/** Products at or below their own low-stock level, emptiest first: tap one to count it. */
export default function LowStockPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <PageHeader title={TITLE} subtitle="Emptiest first. Tap a product to count it." />
      <BackOfficeGate>
        <LowStockList />
      </BackOfficeGate>
    </>
  );
}

function LowStockList() {
  const { data, error, isError, isFetching, refetch } = useGetLowStockQuery();
  const [counting, setCounting] = useState<StaffProduct | null>(null);
  if (!data) {
    if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
    return <QueryLoading />;
  }
  if (data.products.length === 0) {
    return (
      <EmptyState
        icon={<CheckCircleOutline />}
        message="Nothing is running low"
        description="Products show here when their stock reaches the low-stock level set on them."
      />
    );
  }
  return (
    <>
      <Stack
        component="ul"
        aria-label="Products running low"
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0, opacity: isFetching ? 0.7 : 1 }}
      >
        {data.products.map((product) => (
          <li key={product.id}>
            <Card variant="outlined">
              <CardActionArea onClick={() => setCounting(product)}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                    <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
                    <Typography
                      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                      color={product.stock === 0 ? 'error' : 'text.primary'}
                    >
                      {`${product.stock} left`}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {`Low at ${product.low_stock_level ?? 0}${product.held > 0 ? ` · ${product.held} held for orders` : ''}`}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Stack>
      {counting ? (
        <StockDialog open product={counting} startWith="count" onClose={() => setCounting(null)} />
      ) : null}
    </>
  );
}
