import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { Delivery, ShopArea } from 'contract';
import { savedCopyNote } from '../../../state/useSavedCopy';
import { deliveryAddressText } from './deliveryForm';
import { TAP_TARGET_PX } from '../../../theme/theme';

export interface DeliveryLocationCardProps {
  delivery: Delivery | null;
  loading: boolean;
  /** Words for a load failure other than "no location yet". */
  loadError: string | null;
  onRetry: () => void;
  onEdit: () => void;
  disabled?: boolean;
  /** When the location shown was answered: shown with it while it cannot be refreshed. */
  savedAt?: number;
  /** The shop's areas (GET /shop), to name the area as the owner does. */
  areas?: readonly Pick<ShopArea, 'city' | 'name'>[];
}

export const UNKNOWN_LOCATION_NOTE = 'We could not load your delivery location just now.';

/** The saved delivery location, or none, with Change or Add Delivery Location (docs/product.md#cart). */
export default function DeliveryLocationCard({
  delivery,
  loading,
  loadError,
  onRetry,
  onEdit,
  disabled = false,
  savedAt,
  areas,
}: DeliveryLocationCardProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="delivery-location-heading"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
        }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
          <PlaceOutlined color="primary" aria-hidden="true" sx={{ mt: 0.25 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id="delivery-location-heading" variant="sectionTitle">
              Delivery location
            </Typography>
            {loading ? (
              // Two lines, as an address and its phone number take: the card keeps its height.
              <>
                <Typography role="status" color="text.secondary">
                  Loading your delivery location...
                </Typography>
                <Typography variant="body2" component="div" aria-hidden="true">
                  <Skeleton width="60%" />
                </Typography>
              </>
            ) : delivery ? (
              <>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {deliveryAddressText(delivery, areas)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Mobile: {delivery.mobile_number}
                  {delivery.alt_mobile_number ? ` · Alt.: ${delivery.alt_mobile_number}` : ''}
                </Typography>
                {loadError ? (
                  <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                    {savedCopyNote(savedAt)}
                  </Typography>
                ) : null}
              </>
            ) : loadError ? (
              // Not knowing is not the same as having none: no false 'No delivery location yet'.
              <Typography color="text.secondary">{UNKNOWN_LOCATION_NOTE}</Typography>
            ) : (
              <Typography color="text.secondary">
                No delivery location yet. Add one so we know where to bring your order.
              </Typography>
            )}
          </Box>
        </Box>
        {loading ? (
          <Skeleton
            variant="rounded"
            aria-hidden="true"
            data-testid="delivery-button-skeleton"
            sx={{
              flexShrink: 0,
              width: 216,
              maxWidth: '100%',
              height: TAP_TARGET_PX,
              borderRadius: 999,
            }}
          />
        ) : loadError && !delivery ? null : delivery ? (
          <Button
            variant="outlined"
            onClick={onEdit}
            disabled={disabled || Boolean(loadError)}
            sx={{ flexShrink: 0 }}
          >
            Change
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={onEdit}
            disabled={disabled}
            startIcon={<AddLocationAltOutlined />}
            sx={{ flexShrink: 0 }}
          >
            Add Delivery Location
          </Button>
        )}
      </Box>
      {loadError ? (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {loadError}
        </Alert>
      ) : null}
    </Paper>
  );
}
