import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { OrderAmounts, OrderDetail } from 'contract';
import { formatNaira } from '../../lib/format';
import { expectedText, paymentStateText } from './orderText';
import { TAP_TARGET_PX } from '../../theme/theme';

/** A card with a small heading: one group of facts about an order. */
export function FactCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-facts-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={id} variant="sectionTitle" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** One dt/dd pair in its own div: the only wrapper a dl allows around its terms. */
function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      sx={[
        { justifyContent: 'space-between', gap: 2, py: 0.5 },
        // The total sits under a rule: drawn on its own row, as a dl's div may not nest.
        strong && { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 1 },
      ]}
    >
      <Typography component="dt" color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: strong ? 800 : 600, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** Items, VAT, delivery and packaging, total: what was paid, or is to be paid. */
export function AmountList({ amounts, totalLabel }: { amounts: OrderAmounts; totalLabel: string }) {
  return (
    <Box component="dl" aria-label="Amounts" sx={{ m: 0 }}>
      <Row label="Items" value={formatNaira(amounts.items)} />
      <Row label="VAT (7.5%)" value={formatNaira(amounts.vat)} />
      <Row label="Delivery and packaging" value={formatNaira(amounts.delivery_and_packaging)} />
      <Row label={totalLabel} value={formatNaira(amounts.total)} strong />
    </Box>
  );
}

/** 'Total paid' once the money is in; 'Total to pay' while it is still to come. */
export function totalLabel(order: Pick<OrderDetail, 'payment_status'>): string {
  return order.payment_status === 'awaiting' ? 'Total to pay' : 'Total paid';
}

/** The shop's WhatsApp, with the order number already in the message. */
export function WhatsAppButton({ order }: { order: Pick<OrderDetail, 'whatsapp'> }) {
  return (
    <Button
      variant="outlined"
      color="success"
      href={order.whatsapp.url}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={<WhatsApp />}
      sx={{ minHeight: TAP_TARGET_PX }}
    >
      Ask about this order on WhatsApp
    </Button>
  );
}

/**
 * What an order is, where it goes and when, and how it is paid: the facts the confirmation
 * page and the order page share.
 */
export default function OrderFacts({ order }: { order: OrderDetail }) {
  const d = order.deliveries;
  return (
    <Stack spacing={2}>
      <FactCard title={order.pickup ? 'Pickup' : 'Delivery'}>
        {order.pickup ? (
          <>
            <Typography color="text.secondary">Collect it at</Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {order.pickup.address}
            </Typography>
            <Typography sx={{ mt: 0.5 }}>Opening hours: {order.pickup.opening_hours}</Typography>
          </>
        ) : (
          <>
            <Typography color="text.secondary">We deliver to</Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {[d.address, d.city, d.state].filter(Boolean).join(', ')}
            </Typography>
            {d.mobile_number ? (
              <Typography sx={{ mt: 0.5 }}>Mobile number: {d.mobile_number}</Typography>
            ) : null}
          </>
        )}
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{expectedText(order)}</Typography>
      </FactCard>

      <FactCard title="Payment">
        <Typography sx={{ fontWeight: 600 }}>{order.payment_label}</Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {paymentStateText(order)}
        </Typography>
        <AmountList amounts={order.amounts} totalLabel={totalLabel(order)} />
      </FactCard>

      <FactCard title="Items">
        <Box component="ul" aria-label="Items in this order" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {order.items.map((item) => (
            <Stack
              component="li"
              key={item.id}
              direction="row"
              sx={{ justifyContent: 'space-between', gap: 2, py: 0.75 }}
            >
              <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {item.product.name}{' '}
                <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  × {item.quantity}
                </Box>
              </Typography>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatNaira(item.total_price)}
              </Typography>
            </Stack>
          ))}
        </Box>
      </FactCard>
    </Stack>
  );
}
