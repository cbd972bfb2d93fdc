import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import SiteFooter from './SiteFooter';
import MainLandmark from './MainLandmark';
import PageOutlet from './PageOutlet';
import SkipLink from './SkipLink';
import TopNav from './TopNav';

/** The shell of the shop and content pages: header navigation, the page, the footer. */
export default function MainLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <TopNav />
      <MainLandmark>
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          <PageOutlet />
        </Container>
      </MainLandmark>
      <SiteFooter />
    </Box>
  );
}
