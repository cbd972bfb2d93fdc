import { styled } from '@mui/material/styles';
import type { Product } from 'contract';
import { formatNaira } from '../../lib/format';
import { theme } from '../../theme/theme';
import { priceOf, savingOf } from './pricing';
import visuallyHidden from '@mui/utils/visuallyHidden';

interface ProductPriceProps {
  product: Pick<Product, 'amount' | 'disc_amount'>;
  /** `large` on the product page, `small` on cards. */
  size?: 'small' | 'large';
}

// Styles from the app's theme as plain objects, serialized once when the module loads, with
// the size as a data attribute: the shop grid mounts a row of cards at a time.
const Row = styled('span')({
  display: 'flex',
  alignItems: 'baseline',
  columnGap: 8,
  minWidth: 0,
  overflow: 'hidden',
  '&[data-size="large"]': { flexWrap: 'wrap' },
});

const Now = styled('span')({
  fontWeight: 800,
  fontSize: theme.typography.h5.fontSize,
  lineHeight: 1.3,
  whiteSpace: 'nowrap',
  color: theme.palette.primary.dark,
  '[data-size="large"] > &': { fontSize: theme.typography.h2.fontSize },
});

const Was = styled('s')({
  fontSize: '0.8rem',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: theme.palette.text.secondary,
  '[data-size="large"] > &': { fontSize: theme.typography.h5.fontSize },
});

const Hidden = styled('span')(visuallyHidden);

const Saving = styled('span')({
  display: 'block',
  fontSize: '0.8rem',
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: theme.palette.text.secondary,
  '&[data-size="large"]': { fontSize: '0.95rem' },
  '&[data-saving]': { fontWeight: 700, color: theme.palette.success.main },
});

/**
 * The price in naira. With a discount: the price after it, and the original struck through
 * (said as "was" for screen readers, which do not read strike-through).
 */
export default function ProductPrice({ product, size = 'small' }: ProductPriceProps) {
  const saving = savingOf(product);
  return (
    <Row data-size={size}>
      <Now>
        <Hidden>Price: </Hidden>
        {formatNaira(priceOf(product))}
      </Now>
      {saving > 0 ? (
        <Was>
          <Hidden> was </Hidden>
          {formatNaira(product.amount)}
        </Was>
      ) : null}
    </Row>
  );
}

/**
 * The saving from disc_amount, only when there is one: 'You save ₦ 0' on most of the catalogue
 * read as noise, or as a promise broken. Without a saving it is an empty element with no words,
 * so a card's grid keeps the same rows and its buttons stay at its foot.
 */
export function SavingText({ product, size = 'small' }: ProductPriceProps) {
  const saving = savingOf(product);
  if (saving <= 0) return <Saving data-size={size} />;
  return (
    <Saving data-size={size} data-saving>
      You save {formatNaira(saving)}
    </Saving>
  );
}
