import { styled } from '@mui/material/styles';
import { theme, TAP_TARGET_PX } from '../../theme/theme';
import visuallyHidden from '@mui/utils/visuallyHidden';

const MINUS_ICON = 'M19 13H5v-2h14z';
const PLUS_ICON = 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z';
const BIN_ICON =
  'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zm2.46-7.12 1.41-1.41L12 12.59l2.12-2.12 1.41 1.41L13.41 14l2.12 2.12-1.41 1.41L12 15.41l-2.12 2.12-1.41-1.41L10.59 14zM15.5 4l-1-1h-5l-1 1H5v2h14V4z';

// Plain elements styled once from the theme (not MUI buttons): the shop grid mounts a row of
// cards, each with this stepper, per frame while scrolling (see ProductCard).
const Group = styled('div')({
  position: 'relative',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minWidth: 0,
  height: TAP_TARGET_PX,
  borderRadius: 999,
  border: `1px solid ${theme.palette.primary.main}`,
  backgroundColor: theme.palette.background.paper,
});

const StepButton = styled('button')({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: TAP_TARGET_PX,
  height: TAP_TARGET_PX,
  margin: -1,
  padding: 0,
  border: 0,
  borderRadius: '50%',
  cursor: 'pointer',
  color: theme.palette.primary.contrastText,
  backgroundColor: theme.palette.primary.main,
  '& svg': { width: 20, height: 20, fill: 'currentColor' },
  '&:hover': { backgroundColor: theme.palette.primary.dark },
  '&:focus-visible': { outline: `3px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  '&:disabled': {
    cursor: 'default',
    color: theme.palette.action.disabled,
    backgroundColor: theme.palette.action.disabledBackground,
  },
  '&[aria-busy="true"]': { cursor: 'progress' },
});

const Count = styled('span')({
  minWidth: 28,
  paddingInline: 4,
  textAlign: 'center',
  fontWeight: 700,
  fontSize: theme.typography.body1.fontSize,
  fontVariantNumeric: 'tabular-nums',
  color: theme.palette.text.primary,
});

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

export interface CartStepperProps {
  /** The product's name, for the buttons' accessible names. */
  name: string;
  /** The cart line's quantity. */
  quantity: number;
  /** The most the cart may hold: the stock. */
  max: number;
  /** 0 means take the line out of the cart. */
  onChange: (quantity: number) => void;
  /** A change is on its way to the server: the buttons wait for it. */
  busy?: boolean;
  className?: string;
}

/**
 * − n + for a product already in the cart, in place of its add button: minus at 1 takes
 * the line out (its icon a bin, its name says so), plus stops at the stock.
 */
export default function CartStepper({
  name,
  quantity,
  max,
  onChange,
  busy = false,
  className,
}: CartStepperProps) {
  const ceiling = Math.max(0, Math.floor(max));
  // A line can hold more than the stock left (stock sold since): plus waits, minus works.
  const shown = Math.max(1, quantity);
  const removes = shown <= 1;
  return (
    <Group role="group" aria-label={`${name} in cart`} className={className} data-stepper="">
      <StepButton
        type="button"
        aria-label={removes ? `Remove ${name} from cart` : `One fewer ${name}`}
        aria-busy={busy}
        disabled={busy}
        onClick={() => onChange(removes ? 0 : Math.min(shown - 1, Math.max(ceiling, 1)))}
      >
        <Icon path={removes ? BIN_ICON : MINUS_ICON} />
      </StepButton>
      <Count>
        {shown}
        <span style={visuallyHidden}> in cart</span>
      </Count>
      <StepButton
        type="button"
        aria-label={`One more ${name}`}
        aria-busy={busy}
        disabled={busy || shown >= ceiling}
        onClick={() => onChange(shown + 1)}
      >
        <Icon path={PLUS_ICON} />
      </StepButton>
    </Group>
  );
}
