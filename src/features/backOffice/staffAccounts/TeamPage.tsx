import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import type { StaffInvite, StaffMember } from 'contract';
import EmptyState from '../../../components/EmptyState';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  staffAccountsApi,
  useGetStaffMeQuery,
  useGetTeamQuery,
  useUpdateStaffMemberMutation,
} from '../../../services/backOffice/staffAccountsApi';
import { loadApi } from '../../../state/lazyApis';
import InviteDialog from './InviteDialog';
import { formatWhen, ROLE_LABELS } from './staffWords';

loadApi(staffAccountsApi);

const TITLE = 'Staff';

/** The owner's team: who may work in the back office, their roles, invites on their way. */
export default function TeamPage() {
  useDocumentTitle(TITLE);
  const [inviting, setInviting] = useState(false);
  const { data, error, isLoading, isFetching, refetch } = useGetTeamQuery();
  // Who "you" are decides which cards offer actions: the team waits for it, so the owner's
  // own card never flashes a Turn off button while /staff/me is on its way.
  const me = useGetStaffMeQuery();
  return (
    <>
      <PageHeader title={TITLE} subtitle="Who works in the back office, and what they may do." />
      <Button
        variant="contained"
        startIcon={<PersonAddOutlined />}
        onClick={() => setInviting(true)}
        sx={{ mb: 3 }}
      >
        Invite someone
      </Button>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      {isLoading || me.isLoading ? (
        <QueryLoading />
      ) : error || !data || me.error || !me.data ? (
        <QueryError
          error={error ?? me.error}
          onRetry={() => void (error ? refetch() : me.refetch())}
        />
      ) : (
        <Stack spacing={3} sx={{ opacity: isFetching ? 0.6 : 1 }}>
          <TeamList members={data.members} meId={me.data.id} />
          <InviteList invites={data.invites} />
        </Stack>
      )}
    </>
  );
}

function TeamList({ members, meId }: { members: StaffMember[]; meId: number }) {
  if (members.length === 0) {
    return (
      <EmptyState message="Nobody is on the team yet." description="Invite someone to start." />
    );
  }
  return (
    <Stack component="ul" aria-label="Team" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {members.map((member) => (
        <li key={member.id}>
          <MemberCard member={member} isMe={meId === member.id} />
        </li>
      ))}
    </Stack>
  );
}

type Confirming = 'disable' | 'enable' | 'owner' | 'staff' | null;

const CONFIRM: Record<
  Exclude<Confirming, null>,
  (name: string) => { title: string; text: string; action: string }
> = {
  disable: (name) => ({
    title: `Turn off ${name}'s access?`,
    text: `${name} is signed out of every device at once and can no longer open the back office. Their account and its history stay; you can turn it back on.`,
    action: 'Turn off',
  }),
  enable: (name) => ({
    title: `Turn ${name}'s access back on?`,
    text: `${name} can sign in to the back office again with their own password.`,
    action: 'Turn on',
  }),
  owner: (name) => ({
    title: `Make ${name} an owner?`,
    text: `${name} will be able to change prices, settings and the team, including you.`,
    action: 'Make owner',
  }),
  staff: (name) => ({
    title: `Make ${name} staff?`,
    text: `${name} will run orders and stock only: no prices, settings or team.`,
    action: 'Make staff',
  }),
};

function MemberCard({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [update, { isLoading }] = useUpdateStaffMemberMutation();
  const name = `${member.first_name} ${member.last_name}`.trim();
  const off = member.disabled_at !== null;
  const words = confirming ? CONFIRM[confirming](member.first_name) : null;

  async function apply() {
    if (!confirming || isLoading) return;
    const change =
      confirming === 'disable' || confirming === 'enable'
        ? { disabled: confirming === 'disable' }
        : { role: confirming };
    try {
      await update({ userId: member.id, ...change }).unwrap();
      toast.success(
        confirming === 'disable'
          ? `${member.first_name}'s access is turned off`
          : confirming === 'enable'
            ? `${member.first_name}'s access is back on`
            : `${member.first_name} is now ${ROLE_LABELS[confirming].toLowerCase()}`,
      );
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
    setConfirming(null);
  }

  return (
    <Card variant="outlined" component="article" aria-label={name}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {name}
            {isMe ? ' (you)' : ''}
          </Typography>
          <Chip
            size="small"
            label={ROLE_LABELS[member.role]}
            color={member.role === 'owner' ? 'primary' : 'default'}
          />
          {off ? <Chip size="small" color="warning" label="Turned off" /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {member.email} · {member.mobile_number}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {off
            ? `Turned off ${formatWhen(member.disabled_at as string)}`
            : member.last_logged_in
              ? `Last signed in ${formatWhen(member.last_logged_in)}`
              : 'Has not signed in yet'}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button
          variant="outlined"
          disabled={isLoading}
          onClick={() => setConfirming(member.role === 'owner' ? 'staff' : 'owner')}
        >
          {member.role === 'owner' ? 'Make staff' : 'Make owner'}
        </Button>
        {isMe ? null : (
          <Button
            variant="outlined"
            color={off ? 'primary' : 'error'}
            disabled={isLoading}
            onClick={() => setConfirming(off ? 'enable' : 'disable')}
          >
            {off ? 'Turn on' : 'Turn off'}
          </Button>
        )}
      </CardActions>
      <Dialog
        open={words !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby={`confirm-${member.id}`}
      >
        {words ? (
          <>
            <DialogTitle id={`confirm-${member.id}`}>{words.title}</DialogTitle>
            <DialogContent>
              <DialogContentText>{words.text}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(null)}>Keep as it is</Button>
              <Button
                variant="contained"
                color={confirming === 'disable' ? 'error' : 'primary'}
                disabled={isLoading}
                onClick={() => void apply()}
              >
                {words.action}
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </Card>
  );
}

export function InviteList({ invites }: { invites: StaffInvite[] }) {
  if (invites.length === 0) return null;
  return (
    <section aria-label="Invites not used yet">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Invites not used yet
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {invites.map((invite) => (
          <Typography
            component="li"
            key={invite.id}
            variant="body2"
            sx={{ wordBreak: 'break-all' }}
          >
            {invite.sent_to} as {ROLE_LABELS[invite.role].toLowerCase()}, by {invite.invited_by};
            works until {formatWhen(invite.expires_at)}
          </Typography>
        ))}
      </Stack>
    </section>
  );
}
