import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import { paths } from '../../lib/paths';
import RequestBanner from '../../components/RequestBanner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PAGE_TITLES } from 'contract/titles';
import PageIntro from './PageIntro';
import RouterLink from '../../components/RouterLink';

const upcoming = [
  'Browse vendors by market and neighbourhood: Bodija, Dugbe, Oja’ba, Oje and beyond',
  'See what each stall sells and where to find it',
  'Save your favourite sellers and buy from them again in one tap',
] as const;

/** Vendors (docs/product.md#content-pages): intro, the coming-soon message and the request banner. */
export default function VendorsPage() {
  useDocumentTitle(PAGE_TITLES.vendors);
  return (
    <>
      <PageIntro eyebrow="Our vendors" title="Meet the vendors behind Ibadan Market">
        Every product in our shop comes from traders and stores in Ibadan’s markets and
        neighbourhoods, the same people you would buy from in person, now a few taps away. For now,
        our Bodija store gathers their goods and fulfils every order, so you pay once and receive
        one delivery.
      </PageIntro>

      <Box
        component="section"
        aria-labelledby="vendors-coming-soon-title"
        sx={(theme) => ({
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' },
          gap: { xs: 2.5, md: 4 },
          p: { xs: 3, md: 5 },
          mb: { xs: 4, md: 6 },
          borderRadius: 5,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          boxShadow: `0 12px 32px ${alpha(theme.palette.primary.dark, 0.06)}`,
        })}
      >
        <Box
          aria-hidden="true"
          sx={(theme) => ({
            display: 'grid',
            placeItems: 'center',
            width: { xs: 64, md: 88 },
            height: { xs: 64, md: 88 },
            borderRadius: 4,
            bgcolor: alpha(theme.palette.primary.main, 0.1),
            color: 'primary.main',
            '& svg': { fontSize: { xs: 34, md: 44 } },
          })}
        >
          <HourglassTopOutlined />
        </Box>
        <Box>
          <Chip
            label="Coming soon"
            color="secondary"
            size="small"
            sx={{ fontWeight: 700, mb: 1.5 }}
          />
          <Typography id="vendors-coming-soon-title" variant="h2" sx={{ mb: 1.5 }}>
            Vendor discovery page is coming soon
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5, lineHeight: 1.65, maxWidth: 640 }}>
            We are building a page where you can find vendors and shop straight from their stalls.
            Here is what you will be able to do:
          </Typography>
          <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0, mb: 3 }}>
            {upcoming.map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', gap: 1.25 }}>
                <CheckCircleOutlined
                  aria-hidden="true"
                  sx={{ color: 'primary.main', mt: 0.25, flexShrink: 0 }}
                />
                <Typography>{item}</Typography>
              </Box>
            ))}
          </Stack>
          <Button component={RouterLink} to={paths.shop} variant="contained" size="large">
            Shop their products now
          </Button>
        </Box>
      </Box>

      <RequestBanner kind="vendor" />
    </>
  );
}
