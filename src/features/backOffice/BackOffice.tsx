import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { ShopRole, StaffMe } from 'contract';
import EmptyState from '../../components/EmptyState';
import LoginPrompt from '../../components/LoginPrompt';
import PageHeader from '../../components/PageHeader';
import PageLoader from '../../components/PageLoader';
import { QueryError } from '../../components/QueryStatus';
import RouterLink from '../../components/RouterLink';
import MainLandmark from '../../components/layouts/MainLandmark';
import SkipLink from '../../components/layouts/SkipLink';
import { lazyWithRetry } from '../../components/lazyWithRetry';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { brand } from '../../lib/brand';
import { getErrorMessage, httpStatus } from '../../lib/getErrorMessage';
import { paths } from '../../lib/paths';
import { staffAccountsApi, useGetStaffMeQuery } from '../../services/backOffice/staffAccountsApi';
import { useAppSelector } from '../../state/hooks';
import { loadApi } from '../../state/lazyApis';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import { TAP_TARGET_PX } from '../../theme/theme';
import { BACK_OFFICE_SECTIONS, sectionAt, sectionsFor } from './sections';

loadApi(staffAccountsApi);

export const STAFF_ONLY = 'This page is for the shop staff only';
export const HOME_TITLE = 'Back office';
const OWNER_ONLY = 'Only the shop owner can open this';
/** What a shopper's account is told under the heading (the queue's words since /staff/orders). */
export const SHOPPER_ACCOUNT =
  "This page is for the shop's staff, and your account is a shopper's account.";

// One chunk per section (sections.ts names them), loaded when the section is opened.
const PAGES = new Map(BACK_OFFICE_SECTIONS.map((s) => [s.path, lazyWithRetry(s.load)]));
const OwnerSetupPage = lazyWithRetry(
  () => import(/* webpackChunkName: "back-office" */ './staffAccounts/OwnerSetupPage'),
);
const JoinPage = lazyWithRetry(
  () => import(/* webpackChunkName: "back-office" */ './staffAccounts/JoinPage'),
);

/**
 * The back office at /staff: the two pages anyone with a link may open (the first owner's
 * setup, an invite), and behind the sign-in every section the member's role may open.
 */
export default function BackOffice() {
  // Route objects through useRoutes, as the shop's router is built: the JSX <Routes> form
  // would bring react-router code into the chunk every shopper downloads.
  return useRoutes([
    {
      path: 'setup',
      element: (
        <Frame title="Set up the shop">
          <OwnerSetupPage />
        </Frame>
      ),
    },
    {
      path: 'join',
      element: (
        <Frame title="Join the team">
          <JoinPage />
        </Frame>
      ),
    },
    { path: '*', element: <SignedIn /> },
  ]);
}

/** The app bar with the shop's name and where the member is, and the page below it. */
export function Frame({
  title,
  menu,
  children,
}: {
  title: string;
  menu?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar sx={{ gap: 1, minHeight: TAP_TARGET_PX + 12 }}>
          {menu}
          <Box sx={{ minWidth: 0 }}>
            <Typography
              component={RouterLink}
              to={paths.backOffice}
              variant="caption"
              sx={{ color: 'inherit', textDecoration: 'none', display: 'block' }}
            >
              {brand.name}
            </Typography>
            <Typography component="p" variant="h6" noWrap sx={{ lineHeight: 1.2 }}>
              {title}
            </Typography>
          </Box>
        </Toolbar>
      </AppBar>
      <MainLandmark>
        {/* Room below the last card for the toasts, which show at the foot of a phone's screen. */}
        <Container maxWidth="md" sx={{ pt: 3, pb: 16 }}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </Container>
      </MainLandmark>
    </Box>
  );
}

function SignedIn() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname } = useLocation();
  const section = sectionAt(pathname);
  if (!isLoggedIn) {
    const heading = section ? (section.heading ?? section.label) : HOME_TITLE;
    return (
      <Frame title={section?.label ?? HOME_TITLE}>
        <SignedOut heading={heading} />
      </Frame>
    );
  }
  return <Member />;
}

function SignedOut({ heading }: { heading: string }) {
  useDocumentTitle(heading);
  return (
    <>
      <PageHeader title={heading} />
      <LoginPrompt message="Log in with your shop account to open the back office." />
    </>
  );
}

function Member() {
  const { data: me, error, isLoading, refetch } = useGetStaffMeQuery();
  const { pathname } = useLocation();
  const section = sectionAt(pathname);
  const title = section?.label ?? HOME_TITLE;
  if (isLoading) {
    return (
      <Frame title={title}>
        <PageLoader label="Opening the back office" />
      </Frame>
    );
  }
  if (error || !me) {
    return (
      <Frame title={title}>
        <Refused error={error} onRetry={() => void refetch()} />
      </Frame>
    );
  }
  return <MemberShell me={me} />;
}

/** A shopper (403), a member the owner turned off (403 in the server's words), or a failure. */
function Refused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = httpStatus(error) === 403;
  useDocumentTitle(refused ? STAFF_ONLY : HOME_TITLE);
  if (!refused) return <QueryError error={error} onRetry={onRetry} />;
  const detail = getErrorMessage(error);
  return (
    <>
      <PageHeader title={STAFF_ONLY} />
      <EmptyState
        message={detail === STAFF_ONLY ? SHOPPER_ACCOUNT : detail}
        description="To work in the back office, ask the shop owner for an invite."
        icon={<StorefrontOutlined />}
        action={{ label: 'Back to the shop', to: paths.root }}
      />
    </>
  );
}

function MemberShell({ me }: { me: StaffMe }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const section = sectionAt(pathname);
  const allowed = sectionsFor(me.role);
  const menu = (
    <IconButton
      color="inherit"
      edge="start"
      aria-label="Back office menu"
      onClick={() => setOpen(true)}
    >
      <MenuIcon />
    </IconButton>
  );
  return (
    <Frame title={section?.label ?? HOME_TITLE} menu={menu}>
      <Drawer open={open} onClose={() => setOpen(false)}>
        <Box component="nav" aria-label="Back office" sx={{ width: 280 }}>
          <Typography variant="subtitle2" sx={{ px: 2, pt: 2 }}>
            {me.first_name} · {me.role === 'owner' ? 'Owner' : 'Staff'}
          </Typography>
          <List>
            <MenuLink
              to={paths.backOffice}
              label="Home"
              current={!section}
              onPick={() => setOpen(false)}
            />
            {allowed.map((s) => (
              <MenuLink
                key={s.path}
                to={`${paths.backOffice}/${s.path}`}
                label={s.label}
                current={section?.path === s.path}
                onPick={() => setOpen(false)}
              />
            ))}
          </List>
          <Divider />
          <List>
            <MenuLink
              to={paths.root}
              label="Back to the shop"
              current={false}
              onPick={() => setOpen(false)}
            />
          </List>
        </Box>
      </Drawer>
      <SectionRoutes me={me} />
    </Frame>
  );
}

function MenuLink({
  to,
  label,
  current,
  onPick,
}: {
  to: string;
  label: string;
  current: boolean;
  onPick: () => void;
}) {
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={current}
      aria-current={current ? 'page' : undefined}
      onClick={onPick}
      sx={{ minHeight: TAP_TARGET_PX }}
    >
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

/** /staff: hello, and every section the member may open as a tile. */
function Home({ me }: { me: StaffMe }) {
  useDocumentTitle(HOME_TITLE);
  return (
    <>
      <PageHeader
        title={HOME_TITLE}
        subtitle={`Hello ${me.first_name}. What would you like to do?`}
      />
      <Grid
        container
        spacing={2}
        component="ul"
        aria-label="Sections"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {sectionsFor(me.role).map((s) => (
          <Grid key={s.path} size={{ xs: 6, sm: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={`${paths.backOffice}/${s.path}`}
                sx={{ p: 2, minHeight: 88, height: '100%' }}
              >
                <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {s.label}
                </Typography>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}

function NotForRole({ role }: { role: ShopRole }) {
  useDocumentTitle(OWNER_ONLY);
  return (
    <>
      <PageHeader title={OWNER_ONLY} />
      <EmptyState
        message={`Your account is ${role === 'staff' ? 'a staff account' : 'not allowed here'}.`}
        description="Ask the shop owner if you need this."
        action={{ label: 'Back office home', to: paths.backOffice }}
      />
    </>
  );
}

function NoSuchSection() {
  useDocumentTitle('Page not found');
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        message="The back office has no such page."
        action={{ label: 'Back office home', to: paths.backOffice }}
      />
    </>
  );
}

/** The home at /staff, each section under its path, and a word for any other address. */
function SectionRoutes({ me }: { me: StaffMe }) {
  return useRoutes([
    { index: true, element: <Home me={me} /> },
    ...BACK_OFFICE_SECTIONS.map((s) => {
      const Page = PAGES.get(s.path);
      return {
        path: `${s.path}/*`,
        element: s.roles.includes(me.role) && Page ? <Page /> : <NotForRole role={me.role} />,
      };
    }),
    { path: '*', element: <NoSuchSection /> },
  ]);
}
