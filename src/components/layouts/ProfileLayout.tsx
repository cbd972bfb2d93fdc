import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import SiteFooter from './SiteFooter';
import MainLandmark from './MainLandmark';
import PageOutlet from './PageOutlet';
import ProfileSidebar from './ProfileSidebar';
import SkipLink from './SkipLink';
import TopNav from './TopNav';

/**
 * The profile pages: the site header and footer around the account sidebar and the page.
 * The sidebar sits outside `<main>`, so Skip to content lands on the page itself.
 */
export default function ProfileLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <TopNav />
      <Container
        maxWidth="lg"
        sx={{
          flex: 1,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
          alignItems: 'start',
          gap: { xs: 2.5, md: 4 },
          py: { xs: 2.5, md: 5 },
        }}
      >
        <ProfileSidebar />
        <MainLandmark>
          <PageOutlet />
        </MainLandmark>
      </Container>
      <SiteFooter />
    </Box>
  );
}
