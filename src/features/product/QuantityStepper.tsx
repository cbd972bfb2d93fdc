import { useId, useState } from 'react';
import { useEarlyTyping } from '../../lib/useEarlyTyping';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import { TAP_TARGET_PX } from '../../theme/theme';

export const MIN_QUANTITY = 1;

export function clampQuantity(value: number, max: number): number {
  const ceiling = Math.max(MIN_QUANTITY, Math.floor(max));
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(Math.max(Math.floor(value), MIN_QUANTITY), ceiling);
}

interface QuantityStepperProps {
  value: number;
  /** The most that can be bought: the stock. */
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/**
 * How many to buy: minus and plus buttons round a number field, held between 1 (spec
 * section 5) and the stock. A number typed beyond the stock becomes the stock; an emptied
 * field comes back to the last good number when the shopper leaves it.
 */
export default function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
}: QuantityStepperProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(String(value));
  }
  const ceiling = Math.max(MIN_QUANTITY, Math.floor(max));

  function typed(raw: string) {
    setDraft(raw);
    const n = Number.parseInt(raw, 10);
    if (Number.isNaN(n)) return;
    const next = clampQuantity(n, ceiling);
    onChange(next);
    // Held to the bounds: show the number that will be bought.
    if (String(next) !== raw) setDraft(String(next));
  }

  // The field takes typing from the server page's first paint, before the app has taken over.
  const ref = useEarlyTyping(draft, typed);

  return (
    <Box>
      <Box
        component="label"
        htmlFor={id}
        sx={{ display: 'block', mb: 0.75, typography: 'body2', fontWeight: 600 }}
      >
        Quantity
      </Box>
      <Box
        role="group"
        aria-label="Quantity"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 999,
          bgcolor: 'background.paper',
          p: 0.5,
        }}
      >
        <IconButton
          aria-label="Decrease quantity"
          onClick={() => onChange(clampQuantity(value - 1, ceiling))}
          disabled={disabled || value <= MIN_QUANTITY}
          size="small"
        >
          <Remove />
        </IconButton>
        <InputBase
          id={id}
          type="number"
          value={draft}
          disabled={disabled}
          onChange={(event) => typed(event.target.value)}
          onBlur={() => setDraft(String(value))}
          inputRef={ref}
          inputProps={{
            min: MIN_QUANTITY,
            max: ceiling,
            step: 1,
            inputMode: 'numeric',
          }}
          sx={(theme) => ({
            width: 64,
            borderRadius: 1,
            '&.Mui-focused': {
              outline: `3px solid ${theme.palette.secondary.main}`,
              outlineOffset: 1,
            },
            '& input': {
              // A thumb's tap area, like the buttons either side.
              height: TAP_TARGET_PX,
              boxSizing: 'border-box',
              paddingBlock: 0,
              textAlign: 'center',
              fontWeight: theme.typography.h5.fontWeight,
              fontSize: theme.typography.h5.fontSize,
              MozAppearance: 'textfield',
              '&::-webkit-outer-spin-button, &::-webkit-inner-spin-button': {
                WebkitAppearance: 'none',
                margin: 0,
              },
            },
          })}
        />
        <IconButton
          aria-label="Increase quantity"
          onClick={() => onChange(clampQuantity(value + 1, ceiling))}
          disabled={disabled || value >= ceiling}
          size="small"
        >
          <Add />
        </IconButton>
      </Box>
    </Box>
  );
}
