import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useAppSelector } from '../../state/hooks';
import { paths } from '../../lib/paths';
import { selectProductSlug } from '../../state/sessionSlice';
import ProductImage from '../../components/product/ProductImage';
import ProductPrice from '../../components/product/ProductPrice';
import { productDetailsPath } from '../../components/product/productPath';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PAGE_TITLES } from 'contract/titles';
import { httpStatus } from '../../lib/getErrorMessage';
import { useGetProductQuery } from '../../services/productApi';
import RouterLink from '../../components/RouterLink';

/** The last product the shopper opened, to go back to; nothing when it no longer exists. */
function LastViewedProduct({ slug }: { slug: string }) {
  const { currentData: product, error } = useGetProductQuery(slug);
  if (error && httpStatus(error) === 404) return null;
  const to = productDetailsPath(slug);
  return (
    <Box
      component="section"
      aria-labelledby="last-viewed"
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        p: { xs: 2, sm: 3 },
      }}
    >
      <Typography id="last-viewed" variant="h4" component="h2" sx={{ mb: 2 }}>
        Pick up where you left off
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {product ? (
          <>
            <ProductImage src={product.images} alt="" size={88} eager />
            <Box sx={{ flex: 1, minWidth: 160 }}>
              <Typography sx={{ fontWeight: 700 }}>{product.name}</Typography>
              <ProductPrice product={product} />
            </Box>
          </>
        ) : null}
        <Button component={RouterLink} to={to} variant="outlined" endIcon={<ArrowForward />}>
          {product ? `View ${product.name}` : 'View the last product you opened'}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * /detail: the spec leaves it undescribed. A shopper who lands here (a trimmed link, the
 * Back button) is led to the shop, or back to the product they last opened.
 */
export default function DetailLandingPage() {
  useDocumentTitle(PAGE_TITLES.productDetails);
  const storedSlug = useAppSelector(selectProductSlug);
  // Only ask for the product when the stored slug could be one.
  const slug = storedSlug && /^[a-z0-9-]{1,200}$/.test(storedSlug) ? storedSlug : null;
  return (
    <Stack spacing={4} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          Product details
        </Typography>
        <Typography variant="lead" color="text.secondary">
          Choose any product in the shop to see its pictures, price, vendor and description here,
          and to pick how many you want.
        </Typography>
      </Box>
      {slug ? <LastViewedProduct slug={slug} /> : null}
      <Box>
        <Button
          component={RouterLink}
          to={paths.shop}
          variant="contained"
          size="large"
          startIcon={<StorefrontOutlined />}
        >
          Browse the shop
        </Button>
      </Box>
    </Stack>
  );
}
