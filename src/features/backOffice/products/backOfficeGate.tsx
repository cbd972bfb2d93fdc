import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import RequireShopper from '../../../components/RequireShopper';
import RouterLink from '../../../components/RouterLink';
import { httpStatus } from '../../../lib/getErrorMessage';
import { paths } from '../../../lib/paths';
import { catalogueAdminApi } from '../../../services/backOffice/catalogueAdminApi';
import {
  staffAccountsApi,
  useGetStaffMeQuery,
} from '../../../services/backOffice/staffAccountsApi';
import { loadApi } from '../../../state/lazyApis';

loadApi(catalogueAdminApi);
loadApi(staffAccountsApi);

/** Where the products section lives (the back office's shell mounts it there). */
export const PRODUCTS_PATH = '/staff/products';
export const productPath = (id: number) => `${PRODUCTS_PATH}/${id}`;

export const STAFF_ONLY = "This page is for the shop's staff";

/** Whether the signed-in member is the owner (false while unknown: staff controls first). */
export function useIsOwner(): boolean {
  const { data } = useGetStaffMeQuery();
  return data?.role === 'owner';
}

/**
 * Signed in, and a member of the shop: the catalogue pages inside; a shopper is told the page
 * is not theirs, as the server refuses them anyway (403).
 */
export function BackOfficeGate({ children }: { children: ReactNode }) {
  return (
    <RequireShopper>
      <MemberOnly>{children}</MemberOnly>
    </RequireShopper>
  );
}

function MemberOnly({ children }: { children: ReactNode }) {
  const { data, error, isError, refetch } = useGetStaffMeQuery();
  if (isError && httpStatus(error) === 403) {
    return (
      <Stack role="alert" spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
        <LockOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography>{STAFF_ONLY}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.shop}>
          Back to the shop
        </Button>
      </Stack>
    );
  }
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data) return <QueryLoading />;
  return children;
}
