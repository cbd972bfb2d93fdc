import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { paths } from '../../lib/paths';
import { brand } from '../../lib/brand';
import visuallyHidden from '@mui/utils/visuallyHidden';
import RouterLink from '../RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

interface BrandLinkProps {
  /** Light text for dark surfaces (the footer). */
  inverse?: boolean;
  /**
   * In a crowded bar: below 420 px wide only the logo shows and the name is read to
   * screen readers alone, so the icons beside it keep their 44 px on a 320 px phone.
   */
  narrow?: boolean;
  onClick?: () => void;
}

/** The logo and shop name, linking home to the shop at /. */
const [first, ...rest] = brand.name.split(' ');

export default function BrandLink({ inverse = false, narrow = false, onClick }: BrandLinkProps) {
  return (
    <Box
      component={RouterLink}
      to={paths.root}
      onClick={onClick}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        minHeight: TAP_TARGET_PX,
        // A thumb's width even when only the logo shows (the name hidden on narrow phones).
        minWidth: TAP_TARGET_PX,
        color: inverse ? 'primary.contrastText' : 'text.primary',
        textDecoration: 'none',
        borderRadius: 2,
        flexShrink: 0,
        '&:focus-visible': {
          outline: 3,
          outlineColor: inverse ? 'secondary.main' : 'primary.dark',
          outlineOffset: 2,
        },
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: { xs: 34, sm: 38 },
          height: { xs: 34, sm: 38 },
          borderRadius: 2.5,
          bgcolor: inverse ? 'secondary.main' : 'primary.main',
          color: inverse ? 'secondary.contrastText' : 'primary.contrastText',
        }}
      >
        <StorefrontOutlined fontSize="small" />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: { xs: '1.05rem', sm: '1.2rem' },
          letterSpacing: '-0.01em',
          lineHeight: 1,
          whiteSpace: 'nowrap',
          ...(narrow ? { '@media (max-width: 419.95px)': visuallyHidden } : {}),
        }}
      >
        {first}{' '}
        <Box component="span" sx={{ color: inverse ? 'secondary.main' : 'primary.main' }}>
          {rest.join(' ')}
        </Box>
      </Typography>
    </Box>
  );
}
