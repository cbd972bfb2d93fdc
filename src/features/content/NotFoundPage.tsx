import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import RouterLink from '../../components/RouterLink';

/** Any path the route table does not know. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 4, md: 8 },
        px: 2,
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 96,
          height: 96,
          borderRadius: '50%',
          bgcolor: 'secondary.light',
          color: 'primary.dark',
          mb: 3,
          '& svg': { fontSize: 48 },
        }}
      >
        <TravelExploreOutlined />
      </Box>
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        Page not found
      </Typography>
      <Typography variant="lead" color="text.secondary" sx={{ maxWidth: 480, mb: 4 }}>
        We looked from Bodija to Dugbe and could not find this page. It may have moved, or the link
        may have a typo.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button component={RouterLink} to={paths.root} variant="contained" size="large">
          Go to the shop
        </Button>
        <Button component={RouterLink} to={paths.home} variant="outlined" size="large">
          Back to home
        </Button>
      </Stack>
    </Box>
  );
}
