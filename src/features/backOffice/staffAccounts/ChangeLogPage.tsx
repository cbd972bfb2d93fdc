import { useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffChange } from 'contract';
import EmptyState from '../../../components/EmptyState';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import {
  staffAccountsApi,
  useGetStaffChangesQuery,
} from '../../../services/backOffice/staffAccountsApi';
import { loadApi } from '../../../state/lazyApis';
import { formatWhen } from './staffWords';

loadApi(staffAccountsApi);

const TITLE = 'Change log';
const PAGE_SIZE = 20;

/** The kinds of thing the log names, in words; others show as the server names them. */
const ENTITY_LABELS: Record<string, string> = {
  product: 'Product',
  category: 'Category',
  stock: 'Stock',
  settings: 'Shop details',
  delivery_area: 'Delivery area',
  pickup_station: 'Pickup station',
  staff: 'Team member',
  staff_invite: 'Invite',
  photo: 'Photo',
};
const ACTION_LABELS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  archive: 'archived',
  delete: 'removed',
  import: 'imported',
};

const entityLabel = (entity: string) => ENTITY_LABELS[entity] ?? entity;

/** A value as a person reads it: text as it is, anything else as compact JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Before → after, one line per field that differs (every field of an addition or removal). */
export function differences(
  before: unknown,
  after: unknown,
): { field: string; from: string; to: string }[] {
  const record = (v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : null;
  const b = record(before);
  const a = record(after);
  if (!b && !a)
    return before === after ? [] : [{ field: '', from: shown(before), to: shown(after) }];
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .filter((f) => JSON.stringify(b?.[f]) !== JSON.stringify(a?.[f]))
    .map((f) => ({ field: f.replace(/_/g, ' '), from: shown(b?.[f]), to: shown(a?.[f]) }));
}

/** Who changed what and when, newest first; filtered by kind of thing and its id. */
export default function ChangeLogPage() {
  useDocumentTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity') ?? '';
  const entityId = params.get('entity_id') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const { data, error, isLoading, isFetching, refetch } = useGetStaffChangesQuery({
    ...(entity ? { entity } : {}),
    ...(entityId ? { entity_id: entityId } : {}),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Every change made in the back office: who, when and what."
      />
      <Stack direction="row" spacing={1} sx={{ mb: 3 }}>
        <TextField
          select
          label="Kind"
          value={entity}
          onChange={(e) => set('entity', e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Everything</MenuItem>
          {Object.entries(ENTITY_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {entityId ? (
          <Button onClick={() => set('entity_id', '')}>Show all of this kind</Button>
        ) : null}
      </Stack>
      {isLoading ? (
        <QueryLoading />
      ) : error || !data ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : data.changes.length === 0 ? (
        <EmptyState
          message="No changes yet."
          description="Changes made in the back office appear here."
        />
      ) : (
        <Stack spacing={2} sx={{ opacity: isFetching ? 0.6 : 1 }}>
          <Stack
            component="ol"
            aria-label="Changes"
            spacing={2}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {data.changes.map((change) => (
              <li key={change.id}>
                <ChangeCard
                  change={change}
                  onShowThing={() => {
                    const next = new URLSearchParams();
                    next.set('entity', change.entity);
                    if (change.entity_id) next.set('entity_id', change.entity_id);
                    setParams(next);
                  }}
                />
              </li>
            ))}
          </Stack>
          {pages > 1 ? (
            <Stack
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'center' }}
            >
              <Button disabled={page <= 1} onClick={() => set('page', String(page - 1))}>
                Newer
              </Button>
              <Typography>
                Page {page} of {pages}
              </Typography>
              <Button disabled={page >= pages} onClick={() => set('page', String(page + 1))}>
                Older
              </Button>
            </Stack>
          ) : null}
        </Stack>
      )}
    </>
  );
}

function ChangeCard({ change, onShowThing }: { change: StaffChange; onShowThing: () => void }) {
  const lines = differences(change.before, change.after);
  const what = `${entityLabel(change.entity)}${change.entity_id ? ` ${change.entity_id}` : ''}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`${what} ${ACTION_LABELS[change.action] ?? change.action}`}
    >
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {what} {ACTION_LABELS[change.action] ?? change.action}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          by {change.actor_name}, {formatWhen(change.at)}
        </Typography>
        {lines.length > 0 ? (
          <Stack component="dl" spacing={0.5} sx={{ mt: 1, mb: 0 }}>
            {lines.map((line) => (
              <Typography
                key={line.field}
                component="div"
                variant="body2"
                sx={{ wordBreak: 'break-word' }}
              >
                <Typography
                  component="dt"
                  variant="body2"
                  sx={{ display: 'inline', fontWeight: 600 }}
                >
                  {line.field || 'value'}:
                </Typography>{' '}
                <Typography component="dd" variant="body2" sx={{ display: 'inline', m: 0 }}>
                  {line.from} → {line.to}
                </Typography>
              </Typography>
            ))}
          </Stack>
        ) : null}
        {change.entity_id ? (
          <Button size="small" onClick={onShowThing} sx={{ mt: 1, ml: -1 }}>
            All changes to this {entityLabel(change.entity).toLowerCase()}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
