import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeliveryArea, PickupStation } from 'contract';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  shopSettingsApi,
  useGetDeliveryAreasQuery,
  useGetPickupStationsQuery,
  useRemovePickupStationMutation,
} from '../../../services/backOffice/shopSettingsApi';
import { loadApi } from '../../../state/lazyApis';
import { TAP_TARGET_PX } from '../../../theme/theme';
import AreaDialog from './AreaDialog';
import StationDialog from './StationDialog';
import { feeText } from './shopWords';

loadApi(shopSettingsApi);

const TITLE = 'Delivery and pickup';

/** The owner's delivery areas (fee, time, on or off) and pickup stations, one card each. */
export default function DeliveryPage() {
  useDocumentTitle(TITLE);
  return (
    <Stack spacing={3} sx={{ pb: 4 }}>
      <PageHeader title={TITLE} subtitle="Tap an area to change its fee, time or switch." />
      <Areas />
      <Stations />
    </Stack>
  );
}

function Areas() {
  const { data, error, isError, refetch, isFetching } = useGetDeliveryAreasQuery();
  const [editing, setEditing] = useState<DeliveryArea | null>(null);
  if (!data) {
    if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
    return <QueryLoading />;
  }
  return (
    <section aria-labelledby="areas-heading">
      <Typography id="areas-heading" variant="h6" component="h2" gutterBottom>
        Delivery areas
      </Typography>
      <Stack spacing={1} sx={{ opacity: isFetching ? 0.6 : 1 }}>
        {data.map((area) => (
          <Card key={area.city} variant="outlined">
            <CardActionArea
              onClick={() => setEditing(area)}
              aria-label={`Edit ${area.name}`}
              sx={{ minHeight: TAP_TARGET_PX }}
            >
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 600 }}>{area.name}</Typography>
                  <Typography sx={{ fontWeight: 600 }}>{feeText(area.fee)}</Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {area.enabled ? area.delivery_time : 'Switched off'}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
      {editing && <AreaDialog open area={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function Stations() {
  const { data, error, isError, refetch } = useGetPickupStationsQuery();
  const [editing, setEditing] = useState<PickupStation | 'new' | null>(null);
  const [removing, setRemoving] = useState<PickupStation | null>(null);
  if (!data) {
    if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
    return <QueryLoading />;
  }
  return (
    <section aria-labelledby="stations-heading">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="stations-heading" variant="h6" component="h2">
          Pickup stations
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add station
        </Button>
      </Stack>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {data.length === 0 && (
          <Typography color="text.secondary">
            No station yet: pickup orders go to the shop&apos;s address.
          </Typography>
        )}
        {data.map((station, index) => (
          <Card key={station.id} variant="outlined">
            <CardContent>
              <Typography sx={{ fontWeight: 600 }}>
                {station.name}
                {index === 0 ? ' (pickup orders go here)' : ''}
              </Typography>
              <Typography variant="body2">{station.address}</Typography>
              <Typography variant="body2" color="text.secondary">
                {station.opening_hours} · {station.phone} · Pickup fee: {feeText(station.fee)}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button onClick={() => setEditing(station)} aria-label={`Edit ${station.name}`}>
                  Edit
                </Button>
                <Button
                  color="error"
                  onClick={() => setRemoving(station)}
                  aria-label={`Remove ${station.name}`}
                >
                  Remove
                </Button>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {editing && (
        <StationDialog
          open
          station={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && <RemoveStationDialog station={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

export function RemoveStationDialog({
  station,
  onClose,
}: {
  station: PickupStation;
  onClose: () => void;
}) {
  const [remove, { isLoading }] = useRemovePickupStationMutation();
  async function confirm() {
    try {
      await remove(station.id).unwrap();
      toast.success(`${station.name} removed`);
      onClose();
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="remove-station-title">
      <DialogTitle id="remove-station-title">Remove {station.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Shoppers will no longer see it. Orders already placed keep their pickup details.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep station</Button>
        <Button
          color="error"
          variant="contained"
          disabled={isLoading}
          onClick={() => void confirm()}
        >
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
