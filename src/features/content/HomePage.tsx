import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CleaningServicesOutlined from '@mui/icons-material/CleaningServicesOutlined';
import EggOutlined from '@mui/icons-material/EggOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LocalDrinkOutlined from '@mui/icons-material/LocalDrinkOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import RiceBowlOutlined from '@mui/icons-material/RiceBowlOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import ShoppingBasketOutlined from '@mui/icons-material/ShoppingBasketOutlined';
import SoapOutlined from '@mui/icons-material/SoapOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { formatCount } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useGetCategoriesQuery } from '../../services/productApi';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PAGE_TITLES } from 'contract/titles';
import RouterLink from '../../components/RouterLink';

/**
 * The first screen's tiles: the shop's categories in the owner's order (GET /categories lists
 * only those with something in stock, so a tile never promises what the shop has not got).
 * The server's page carries the answer, so the tiles are there at first paint.
 */
const MAX_TILES = 4;
const TILE_ICONS: Record<string, ReactNode> = {
  staples: <RiceBowlOutlined />,
  'fresh-food': <SpaOutlined />,
  provisions: <EggOutlined />,
  drinks: <LocalDrinkOutlined />,
  toiletries: <SoapOutlined />,
  household: <CleaningServicesOutlined />,
};

function categoryPath(category: string): string {
  return `${paths.shop}?${new URLSearchParams({ category })}`;
}

const highlights: readonly { title: string; body: string; icon: ReactNode }[] = [
  {
    title: 'Cheap prices',
    body: 'Market prices, not supermarket prices. We buy in bulk from traders in Bodija and Oja’ba and pass the savings on to you, with every price shown upfront in naira.',
    icon: <SavingsOutlined />,
  },
  {
    title: 'Easy delivery',
    body: 'Delivered to your home, office or hostel in 1 to 3 business days, or picked up from our Bodija station, usually ready within 24 hours.',
    icon: <LocalShippingOutlined />,
  },
  {
    title: 'Secure',
    body: 'Pay by card or bank transfer through Paystack. Your card details go straight to Paystack and never sit on our servers.',
    icon: <VerifiedUserOutlined />,
  },
  {
    title: 'New products daily',
    body: 'Fresh stock comes in every morning: seasonal fruit, new brands and the provisions your kitchen runs on.',
    icon: <NewReleasesOutlined />,
  },
];

const steps: readonly { title: string; body: string }[] = [
  {
    title: 'Fill your basket',
    body: 'Search the shop or browse, then add what you need to your cart, from a bag of rice to a sachet of seasoning.',
  },
  {
    title: 'Pay in naira',
    body: 'Choose delivery or pickup and pay securely online. You see VAT and the delivery charge before you pay.',
  },
  {
    title: 'Receive it in Ibadan',
    body: 'We bring it to you anywhere from Agodi to Apete, Mokola to Sango, or you collect it at Bodija.',
  },
];

function IconBadge({ children, onColour = false }: { children: ReactNode; onColour?: boolean }) {
  return (
    <Box
      aria-hidden="true"
      sx={(theme) => ({
        display: 'grid',
        placeItems: 'center',
        width: 52,
        height: 52,
        borderRadius: 3,
        flexShrink: 0,
        bgcolor: onColour ? 'background.paper' : alpha(theme.palette.primary.main, 0.1),
        color: 'primary.main',
        '& svg': { fontSize: 28 },
      })}
    >
      {children}
    </Box>
  );
}

function Hero() {
  const { data: categories } = useGetCategoriesQuery();
  const aisles = (categories ?? []).slice(0, MAX_TILES);
  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        borderRadius: { xs: 4, md: 6 },
        px: { xs: 3, sm: 5, md: 7 },
        py: { xs: 5, md: 8 },
        color: 'primary.contrastText',
        backgroundColor: 'primary.dark',
        backgroundImage: `radial-gradient(circle at 85% 15%, ${alpha(theme.palette.secondary.main, 0.28)} 0, transparent 40%), linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
      })}
    >
      <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Chip
            label="Now delivering across Ibadan"
            sx={{
              mb: 2.5,
              fontWeight: 700,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
            }}
          />
          <Typography id="home-hero-title" variant="display" sx={{ mb: 2 }}>
            Fresh market groceries, delivered to your door in Ibadan
          </Typography>
          <Typography
            variant="lead"
            sx={(theme) => ({
              color: alpha(theme.palette.primary.contrastText, 0.9),
              maxWidth: 560,
              mb: 4,
            })}
          >
            Skip the Bodija traffic and the Dugbe haggling. Order rice, beans, yam, fresh tomatoes,
            pepper and household essentials at fair prices in naira, and we will bring them to you,
            from UI to Challenge.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              component={RouterLink}
              to={paths.shop}
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<ArrowForward />}
              sx={{ px: 4, py: 1.5, typography: 'h5' }}
            >
              Shop Now
            </Button>
            <Button
              component={RouterLink}
              to={paths.faq}
              variant="outlined"
              size="large"
              sx={(theme) => ({
                px: 4,
                py: 1.5,
                color: 'primary.contrastText',
                borderColor: alpha(theme.palette.primary.contrastText, 0.6),
                '&:hover': {
                  borderColor: 'primary.contrastText',
                  bgcolor: alpha(theme.palette.primary.contrastText, 0.08),
                },
              })}
            >
              How it works
            </Button>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Box
            component="ul"
            aria-label="What you can buy"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              gap: { xs: 1.5, sm: 2 },
            }}
          >
            {categories === undefined
              ? // Until the list arrives (the server's page already has it), tiles of the
                // same size hold the place, so nothing below moves when it does.
                Array.from({ length: MAX_TILES }, (_, i) => (
                  <Box
                    component="li"
                    key={i}
                    aria-hidden="true"
                    sx={(theme) => ({
                      minHeight: 140,
                      borderRadius: 4,
                      bgcolor: alpha(theme.palette.primary.contrastText, 0.1),
                    })}
                  />
                ))
              : null}
            {aisles.map((aisle) => (
              <li key={aisle.slug}>
                <Box
                  component={RouterLink}
                  to={categoryPath(aisle.name)}
                  sx={(theme) => ({
                    height: '100%',
                    boxSizing: 'border-box',
                    color: 'inherit',
                    textDecoration: 'none',
                    '&:hover': { bgcolor: alpha(theme.palette.primary.contrastText, 0.18) },
                    '&:focus-visible': {
                      outline: `2px solid ${theme.palette.primary.contrastText}`,
                      outlineOffset: 2,
                    },
                    p: { xs: 2, sm: 2.5 },
                    borderRadius: 4,
                    bgcolor: alpha(theme.palette.primary.contrastText, 0.1),
                    border: 1,
                    borderColor: alpha(theme.palette.primary.contrastText, 0.18),
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 1.5,
                  })}
                >
                  <Box
                    aria-hidden="true"
                    sx={{
                      display: 'grid',
                      placeItems: 'center',
                      width: 48,
                      height: 48,
                      borderRadius: '50%',
                      bgcolor: 'background.paper',
                      color: 'primary.main',
                    }}
                  >
                    {TILE_ICONS[aisle.slug] ?? <ShoppingBasketOutlined />}
                  </Box>
                  <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{aisle.name}</Typography>
                  <Typography variant="body2" sx={{ opacity: 0.85 }}>
                    {`${formatCount(aisle.in_stock)} in stock`}
                  </Typography>
                </Box>
              </li>
            ))}
          </Box>
        </Grid>
      </Grid>
    </Box>
  );
}

function Highlights() {
  return (
    <Box component="section" aria-labelledby="home-highlights-title" sx={{ mt: { xs: 6, md: 9 } }}>
      <Typography id="home-highlights-title" variant="h2" sx={{ mb: 1 }}>
        Why Ibadan shoppers choose us
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 640 }}>
        Everything you would buy at the market, without the heat, the hold-up or the carrying.
      </Typography>
      <Grid container spacing={2.5}>
        {highlights.map((item) => (
          <Grid key={item.title} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card
              sx={{
                height: '100%',
                transition: 'border-color 150ms, transform 150ms',
                '&:hover': { borderColor: 'primary.light', transform: 'translateY(-2px)' },
              }}
            >
              <CardContent sx={{ p: 3 }}>
                <IconBadge>{item.icon}</IconBadge>
                <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
                  {item.title}
                </Typography>
                <Typography color="text.secondary" sx={{ lineHeight: 1.6 }}>
                  {item.body}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="home-steps-title" sx={{ mt: { xs: 6, md: 9 } }}>
      <Typography id="home-steps-title" variant="h2" sx={{ mb: 4 }}>
        Your market run in three steps
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 3, md: 4 },
        }}
      >
        {steps.map((step, index) => (
          <Box component="li" key={step.title} sx={{ display: 'flex', gap: 2 }}>
            <Box
              aria-hidden="true"
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                typography: 'sectionTitle',
                fontWeight: 800,
              }}
            >
              {index + 1}
            </Box>
            <Box>
              <Typography variant="h3" sx={{ mb: 0.75 }}>
                {step.title}
              </Typography>
              <Typography color="text.secondary" sx={{ lineHeight: 1.6 }}>
                {step.body}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Banner({
  id,
  title,
  body,
  action,
  to,
  icon,
  tone,
}: {
  id: string;
  title: string;
  body: string;
  action: string;
  to: string;
  icon: ReactNode;
  tone: 'primary' | 'secondary';
}) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={(theme) => ({
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 2,
        p: { xs: 3, md: 4.5 },
        borderRadius: 5,
        bgcolor: tone === 'primary' ? alpha(theme.palette.primary.main, 0.08) : 'secondary.light',
        border: 1,
        borderColor: tone === 'primary' ? alpha(theme.palette.primary.main, 0.2) : 'secondary.main',
      })}
    >
      <IconBadge onColour>{icon}</IconBadge>
      <Typography id={id} variant="blockTitle">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.primary', lineHeight: 1.65, flex: 1 }}>{body}</Typography>
      <Button
        component={RouterLink}
        to={to}
        variant="contained"
        endIcon={<ArrowForward />}
        size="large"
      >
        {action}
      </Button>
    </Box>
  );
}

/** The landing page of docs/product.md#content-pages: hero, four highlights and two banners. */
export default function HomePage() {
  useDocumentTitle(PAGE_TITLES.home);
  return (
    <>
      <Hero />
      <Highlights />
      <HowItWorks />
      <Grid container spacing={3} sx={{ mt: { xs: 6, md: 9 } }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Banner
            id="home-learn-more-title"
            title="Your whole market list in one basket"
            body="Groceries from Ibadan’s markets, sorted and priced so you can compare at a glance. Find what you need, see the naira price, and check out in minutes."
            action="Learn more"
            to={paths.shop}
            icon={<ShoppingBasketOutlined />}
            tone="primary"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Banner
            id="home-vendors-title"
            title="Sell to all of Ibadan from your stall"
            body="Traders from Bodija, Dugbe and Oja’ba partner with us to reach households across the city. We handle online payment and delivery; you keep doing what you do best."
            action="Partner with us"
            to={paths.vendors}
            icon={<HandshakeOutlined />}
            tone="secondary"
          />
        </Grid>
      </Grid>
    </>
  );
}
