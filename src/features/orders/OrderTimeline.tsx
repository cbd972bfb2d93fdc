import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderEvent } from 'contract';
import { formatDate } from '../../lib/format';

/**
 * Each step of the order with its time (Lagos), oldest first: it reads top to bottom as the
 * journey itself (Placed, Confirmed, Packed...), and the latest step, at the bottom, is also
 * the status shown at the top of the page.
 */
export default function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) {
    return <Typography color="text.secondary">No updates yet.</Typography>;
  }
  return (
    <Box component="ol" aria-label="Order timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((event, i) => {
        const last = i === events.length - 1;
        return (
          <Box
            component="li"
            key={`${event.kind}-${event.status}-${event.at}`}
            aria-current={last ? 'step' : undefined}
            sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Box
                aria-hidden="true"
                sx={{
                  mt: 0.75,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor:
                    event.status === 'cancelled'
                      ? 'error.main'
                      : last
                        ? 'primary.main'
                        : 'text.disabled',
                }}
              />
              {last ? null : (
                <Box aria-hidden="true" sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />
              )}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
              <Typography sx={{ fontWeight: last ? 800 : 600 }}>{event.label}</Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={event.at}>{formatDate(event.at)}</time>
              </Typography>
              {event.note ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {event.note}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
