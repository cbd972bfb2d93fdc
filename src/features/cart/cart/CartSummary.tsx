import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Cart } from 'contract';
import { formatNaira } from '../../../lib/format';
import { DELIVERY_AND_PACKAGING_NAIRA } from 'contract/rules';
import { totalToPay } from './cartFigures';

function Row({
  label,
  value,
  strong = false,
}: {
  label: string;
  /** Undefined while the cart loads: a placeholder of the figure's line. */
  value: number | undefined;
  strong?: boolean;
}) {
  const labelId = useId();
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 2,
        py: 0.5,
        ...(strong ? { mt: 1, pt: 1.5, borderTop: 1, borderColor: 'divider' } : {}),
      }}
    >
      <Typography
        component="dt"
        id={labelId}
        sx={strong ? { fontWeight: 800 } : { color: 'text.secondary' }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        aria-labelledby={labelId}
        sx={{
          m: 0,
          fontWeight: strong ? 800 : 600,
          fontSize: strong ? '1.25rem' : undefined,
          textAlign: 'right',
        }}
      >
        {value === undefined ? <Skeleton width={strong ? 128 : 88} /> : formatNaira(value)}
      </Typography>
    </Box>
  );
}

/**
 * The figures of docs/product.md#cart: value before VAT, VAT (7.5%), value after VAT, delivery and
 * packaging (₦1,150 unless the owner set another fee for the shopper's area) and the total
 * to pay. The VAT figures are the server's; 7.5% is a label.
 * Without a cart (still loading) the labels stand and the cart's figures are placeholders, so
 * the box is already its final height.
 */
export default function CartSummary({
  cart,
  deliveryFee = DELIVERY_AND_PACKAGING_NAIRA,
  children,
}: {
  cart: Cart | undefined;
  /** The shopper's area's fee (cartFigures.deliveryFeeOf); the fixed charge by default. */
  deliveryFee?: number;
  children?: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="order-summary-heading"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Typography id="order-summary-heading" variant="sectionTitle" sx={{ mb: 1.5 }}>
        Order summary
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label="Value before VAT" value={cart?.price_before_vat} />
        <Row label="VAT (7.5%)" value={cart?.vat_value} />
        <Row label="Value after VAT" value={cart?.price_after_vat} />
        <Row label="Delivery + packaging" value={deliveryFee} />
        <Row label="Total to pay" value={cart ? totalToPay(cart, deliveryFee) : undefined} strong />
      </Box>
      {children}
    </Paper>
  );
}
