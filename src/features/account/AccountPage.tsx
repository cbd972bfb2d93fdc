import { useEffect, useRef, useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { User } from 'contract';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { selectSignedInUserId } from '../../state/sessionSlice';
import RequireShopper from '../../components/RequireShopper';
import PageHeader from '../../components/PageHeader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useGetMeQuery, usersApi } from '../../services/usersApi';
import EditProfileForm from './EditProfileForm';
import { genderLabel } from '../../lib/genders';
import { QueryError, QueryLoading } from '../../components/QueryStatus';

const TITLE = 'My Account';

/** Account (docs/product.md#profile-pages): the shopper's details, read-only until Edit Profile. */
export default function AccountPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Your personal details and how we reach you about your orders."
      />
      <RequireShopper>
        <Profile />
      </RequireShopper>
    </>
  );
}

function Profile() {
  const { data: user, error, isError, isFetching, refetch } = useGetMeQuery();
  if (user) return <ProfileCard user={user} refreshing={isFetching} />;
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
  return <QueryLoading />;
}

function initialsOf(user: User): string {
  return `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`.toUpperCase();
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.25, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const detailsGridSx = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: 2.5,
} as const;

function ProfileCard({ user, refreshing }: { user: User; refreshing: boolean }) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectSignedInUserId);
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back to read-only (saved or cancelled): focus returns to the button that opened the form.
  useEffect(() => {
    if (wasEditing.current && !editing) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function handleSaved(updated: User) {
    // Show the saved values at once; the invalidated profile refetches behind them.
    void dispatch(usersApi.util.upsertQueryData('getMe', undefined, updated));
    setEditing(false);
  }

  return (
    <Card
      component="section"
      aria-labelledby="profile-name"
      sx={{
        p: { xs: 2, sm: 3 },
        opacity: refreshing && !editing ? 0.7 : 1,
        transition: 'opacity 150ms',
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar
          aria-hidden="true"
          sx={{
            width: 56,
            height: 56,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
          }}
        >
          {initialsOf(user)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id="profile-name"
            component="h2"
            variant="h4"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {user.first_name} {user.last_name}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Box>
      </Stack>

      <Divider sx={{ my: { xs: 2, sm: 3 } }} />

      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography component="h3" variant="h5">
          Personal details
        </Typography>
        {editing ? null : (
          <Button
            ref={editButtonRef}
            variant="outlined"
            startIcon={<EditOutlined />}
            onClick={() => setEditing(true)}
          >
            Edit Profile
          </Button>
        )}
      </Stack>

      <Box component="dl" sx={detailsGridSx}>
        <Detail label="First name">{user.first_name}</Detail>
        <Detail label="Last name">{user.last_name}</Detail>
        <Detail label="Email">{user.email}</Detail>
        {editing ? null : (
          <>
            <Detail label="Mobile number">{user.mobile_number || 'Not given'}</Detail>
            <Detail label="Age">{user.age}</Detail>
            <Detail label="Gender">{genderLabel(user.gender)}</Detail>
          </>
        )}
      </Box>

      {editing && userId !== null ? (
        <Box sx={{ mt: 3 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            You can change your mobile number, age and gender. Leave a field empty to keep it as it
            is.
          </Typography>
          <EditProfileForm
            user={user}
            userId={userId}
            onSaved={handleSaved}
            onCancel={() => setEditing(false)}
          />
        </Box>
      ) : null}
    </Card>
  );
}
