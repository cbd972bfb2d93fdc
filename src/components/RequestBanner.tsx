import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { paths } from '../lib/paths';
import RouterLink from './RouterLink';

const copy = {
  product: {
    title: 'Can’t find what you’re looking for?',
    body: 'Tell us the product, from ofada rice to your favourite brand of palm oil, and we will ask our vendors in Bodija, Dugbe and Oja’ba to stock it for you.',
  },
  vendor: {
    title: 'Is your favourite seller not here yet?',
    body: 'Tell us the market stall or shop you love buying from and we will invite them to sell on Ibadan Market.',
  },
} as const;

export interface RequestBannerProps {
  /** What the shopper would request: a product (Shop) or a vendor (Vendors). */
  kind?: keyof typeof copy;
  /** The banner's heading level, to keep the page's outline in order. */
  headingComponent?: 'h2' | 'h3';
}

/** The spec's request banner: invites shoppers to ask for what is missing, through the contact form. */
export default function RequestBanner({
  kind = 'product',
  headingComponent = 'h2',
}: RequestBannerProps) {
  const { title, body } = copy[kind];
  return (
    <Box
      component="section"
      aria-label="Make a request"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 3,
        p: { xs: 3, md: 4 },
        borderRadius: 4,
        bgcolor: 'secondary.light',
        color: 'text.primary',
        [theme.breakpoints.down(576)]: {
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: 2,
        },
        [theme.breakpoints.down(375)]: { p: 2, borderRadius: 3 },
      })}
    >
      <Box
        aria-hidden="true"
        sx={(theme) => ({
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          width: 64,
          height: 64,
          borderRadius: '50%',
          bgcolor: 'background.paper',
          color: 'primary.main',
          '& svg': { fontSize: 34 },
          [theme.breakpoints.down(375)]: { width: 48, height: 48, '& svg': { fontSize: 26 } },
        })}
      >
        <CampaignOutlined />
      </Box>
      <Box sx={{ flex: 1 }}>
        <Typography component={headingComponent} variant="h3" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
        <Typography>{body}</Typography>
      </Box>
      <Button
        component={RouterLink}
        to={paths.contact}
        variant="contained"
        size="large"
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        Make a request
      </Button>
    </Box>
  );
}
