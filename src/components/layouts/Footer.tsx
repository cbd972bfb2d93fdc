import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import { paths } from '../../lib/paths';
import { brand } from '../../lib/brand';
import BrandLink from './BrandLink';
import { useShopContact } from '../useShopContact';
import RouterLink from '../RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

const socialIcons: Record<string, ReactNode> = {
  Facebook: <FacebookIcon />,
  Instagram: <InstagramIcon />,
  'X (Twitter)': <XIcon />,
  WhatsApp: <WhatsAppIcon />,
};

const linkColumns = [
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.faq },
      { label: 'How it works', to: paths.faq },
      { label: 'Terms and conditions', to: paths.policies },
    ],
  },
  {
    title: 'Shop with us',
    links: [
      { label: 'Shop', to: paths.shop },
      { label: 'Vendors', to: paths.vendors },
      { label: 'Become a Vendor', to: paths.contact },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'FAQs', to: paths.faq },
      { label: 'Contact Us', to: paths.contact },
    ],
  },
] as const;

/** Placeholders until the apps ship: disabled, never dead links. */
const appPlatforms = [
  { platform: 'Android', icon: <AndroidIcon /> },
  { platform: 'iOS', icon: <AppleIcon /> },
] as const;

const muted = (theme: Theme) => alpha(theme.palette.primary.contrastText, 0.85);

const footerLinkSx = {
  color: muted,
  '&:hover': { color: 'primary.contrastText' },
  '&:focus-visible': { outlineColor: 'secondary.main' },
} as const;

/** A link standing alone (not inside a sentence) is a tap target: 44 px at least. */
const footerTapLinkSx = {
  ...footerLinkSx,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: TAP_TARGET_PX,
  minWidth: TAP_TARGET_PX,
} as const;

function ColumnTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="eyebrow" component="h2" sx={{ color: 'secondary.main', mb: 2 }}>
      {children}
    </Typography>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'flex-start' }}>
      <Box aria-hidden="true" sx={{ color: 'secondary.main', display: 'flex', pt: 0.25 }}>
        {icon}
      </Box>
      <Box sx={{ color: muted, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

/** The site footer of docs/product.md#navigation-and-footer: contact details, company links, socials, apps and support. */
/**
 * Twelve columns, as MUI's Grid would lay them out: a CSS grid in place of the Grid
 * component keeps about 4 KB of layout code out of every first screen.
 */
const footerGridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
  // Eleven gaps between twelve columns: 32 px ones alone are 352 px, wider than a 360 px
  // phone's footer, so the columns sit closer there than the rows.
  columnGap: { xs: 2, sm: 3, md: 5 },
  rowGap: { xs: 4, md: 5 },
} as const;

export default function Footer() {
  const year = new Date().getFullYear();
  const contact = useShopContact();
  return (
    <Box
      component="footer"
      sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', mt: 'auto' }}
    >
      <Container maxWidth="lg" sx={{ pt: { xs: 5, md: 7 }, pb: 3 }}>
        <Box sx={footerGridSx}>
          <Box sx={{ gridColumn: { xs: 'span 12', md: 'span 4' } }}>
            <BrandLink inverse />
            <Typography sx={{ color: muted, mt: 2, mb: 3, maxWidth: 340 }}>
              {brand.tagline}. Fresh food from Bodija, Dugbe and Oja’ba markets, fair prices in
              naira, and vendors you can trust.
            </Typography>
            <Stack spacing={1.5} component="address" sx={{ fontStyle: 'normal' }}>
              <ContactLine icon={<PlaceOutlined fontSize="small" />}>{contact.address}</ContactLine>
              <ContactLine icon={<PhoneOutlined fontSize="small" />}>
                <Link href={contact.phoneHref} sx={footerTapLinkSx}>
                  {contact.phone}
                </Link>
              </ContactLine>
              <ContactLine icon={<EmailOutlined fontSize="small" />}>
                <Link href={`mailto:${brand.email}`} sx={footerTapLinkSx}>
                  {brand.email}
                </Link>
              </ContactLine>
            </Stack>
          </Box>

          {linkColumns.map((column) => (
            <Box
              key={column.title}
              sx={{ gridColumn: { xs: 'span 6', sm: 'span 4', md: 'span 2' } }}
            >
              <nav aria-label={column.title}>
                <ColumnTitle>{column.title}</ColumnTitle>
                <Stack component="ul" spacing={0} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <Link component={RouterLink} to={link.to} sx={footerTapLinkSx}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </Stack>
              </nav>
            </Box>
          ))}

          <Box sx={{ gridColumn: { xs: 'span 6', sm: 'span 12', md: 'span 2' } }}>
            <ColumnTitle>Get the app</ColumnTitle>
            <Box
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row', md: 'column' },
                flexWrap: 'wrap',
                gap: 1.25,
              }}
            >
              {appPlatforms.map(({ platform, icon }) => (
                <Button
                  key={platform}
                  disabled
                  variant="outlined"
                  startIcon={icon}
                  sx={{
                    justifyContent: 'flex-start',
                    borderRadius: 2,
                    minWidth: 150,
                    '&.Mui-disabled': {
                      color: 'primary.contrastText',
                      borderColor: (theme) => alpha(theme.palette.primary.contrastText, 0.5),
                    },
                  }}
                >
                  <Box component="span" sx={{ textAlign: 'left', lineHeight: 1.25 }}>
                    {platform} app
                    <Box
                      component="span"
                      sx={{ display: 'block', typography: 'caption', fontWeight: 500 }}
                    >
                      Coming soon
                    </Box>
                  </Box>
                </Button>
              ))}
            </Box>
          </Box>
        </Box>

        <Box
          sx={{
            mt: 5,
            p: 2.5,
            borderRadius: 3,
            bgcolor: (theme) => alpha(theme.palette.primary.contrastText, 0.08),
            display: 'flex',
            gap: 2,
            alignItems: 'flex-start',
          }}
        >
          <SupportAgentOutlined aria-hidden="true" sx={{ color: 'secondary.main', mt: 0.25 }} />
          <Typography sx={{ color: muted }}>
            <Box component="strong" sx={{ color: 'primary.contrastText' }}>
              Need help with an order?
            </Box>{' '}
            Our support team is available {brand.supportHours}. Call{' '}
            <Link
              href={contact.phoneHref}
              underline="always"
              sx={{ ...footerLinkSx, color: 'primary.contrastText' }}
            >
              {contact.phone}
            </Link>{' '}
            or email{' '}
            <Link
              href={`mailto:${brand.email}`}
              underline="always"
              sx={{ ...footerLinkSx, color: 'primary.contrastText' }}
            >
              {brand.email}
            </Link>
            .
          </Typography>
        </Box>

        <Divider
          sx={{ my: 3, borderColor: (theme) => alpha(theme.palette.primary.contrastText, 0.2) }}
        />

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Typography variant="body2" sx={{ color: muted }}>
            © {year} {brand.legalName}. All rights reserved.
          </Typography>
          <Stack
            direction="row"
            spacing={0.5}
            component="ul"
            aria-label="Social media"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {brand.social
              .map((social) => ({
                ...social,
                href: social.name === 'WhatsApp' ? contact.whatsappHref : social.href,
              }))
              .map((social) => (
                <li key={social.name}>
                  <IconButton
                    component="a"
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.name} (opens in a new tab)`}
                    sx={{
                      color: 'primary.contrastText',
                      bgcolor: (theme) => alpha(theme.palette.primary.contrastText, 0.1),
                      '&:hover': {
                        bgcolor: (theme) => alpha(theme.palette.primary.contrastText, 0.2),
                      },
                    }}
                  >
                    {socialIcons[social.name]}
                  </IconButton>
                </li>
              ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
