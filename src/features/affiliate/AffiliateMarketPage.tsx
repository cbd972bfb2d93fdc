import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import RequireShopper from '../../components/RequireShopper';
import PageHeader from '../../components/PageHeader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { affiliateLoadError } from '../../lib/getErrorMessage';
import { affiliatesApi, useGetAffiliateDetailsQuery } from '../../services/affiliatesApi';
import AffiliateDetails from './AffiliateDetails';
import AffiliateRegistrationForm from './AffiliateRegistrationForm';
import { QueryLoading } from '../../components/QueryStatus';
import { loadApi } from '../../state/lazyApis';

loadApi(affiliatesApi);

const TITLE = 'Affiliate Market';

/**
 * Affiliate Market (docs/product.md#profile-pages): the details of a registered affiliate, the
 * registration form when the details answer 404, or the spec's words for any other failure.
 */
export default function AffiliateMarketPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Earn on every purchase made by shoppers who sign up with your code."
      />
      <RequireShopper>
        <Affiliate />
      </RequireShopper>
    </>
  );
}

function Affiliate() {
  const { data, error, isError, isFetching, refetch } = useGetAffiliateDetailsQuery();

  let body: ReactNode;
  if (data) {
    body = <AffiliateDetails affiliate={data} refreshing={isFetching} />;
  } else if (isError) {
    const failure = affiliateLoadError(error);
    body =
      failure.kind === 'not-registered' ? (
        <AffiliateRegistrationForm onAlreadyRegistered={() => void refetch()} />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {failure.text}
        </Alert>
      );
  } else {
    body = <QueryLoading />;
  }

  return body;
}
