import { useState, type KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_PRICE_NAIRA, type ProductSort } from 'contract/listing';
import { NO_CHOICE, activeFilterCount, sortsFor, type ListingChoice } from './listingParams';

/** The orders a shopper may pick, in the words the shop shows. */
export const SORT_LABELS: Record<ProductSort, string> = {
  featured: 'Recommended',
  relevance: 'Best match',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  discount: 'Biggest discount',
  newest: 'Newest first',
  rating: 'Top rated',
};

export interface ListingFiltersProps {
  choice: ListingChoice;
  searching: boolean;
  onChange: (choice: ListingChoice) => void;
}

function priceText(value: number | null): string {
  return value === null ? '' : String(value);
}

/** Reads a price field: '' is no bound; undefined is a value the shop cannot use. */
function readPrice(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/[₦,\s]/g, '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE_NAIRA ? value : undefined;
}

/**
 * The listing's filters and order: price range, in stock, discounted, and sort. Each choice
 * applies at once (the price range on Apply or Enter), so the list behind follows.
 * Loaded on demand: the shop's first screen does not wait for these controls.
 */
export default function ListingFilters({ choice, searching, onChange }: ListingFiltersProps) {
  const [min, setMin] = useState(priceText(choice.minPrice));
  const [max, setMax] = useState(priceText(choice.maxPrice));
  const [priceError, setPriceError] = useState('');
  // The address changed by other means (Back, Clear filters): the fields follow it.
  const [seen, setSeen] = useState(choice);
  if (seen.minPrice !== choice.minPrice || seen.maxPrice !== choice.maxPrice) {
    setSeen(choice);
    setMin(priceText(choice.minPrice));
    setMax(priceText(choice.maxPrice));
    setPriceError('');
  }

  function applyPrice() {
    const minPrice = readPrice(min);
    const maxPrice = readPrice(max);
    if (minPrice === undefined || maxPrice === undefined) {
      setPriceError('Enter prices in naira, as whole numbers, like 500.');
      return;
    }
    if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
      setPriceError('The lowest price must not be above the highest price.');
      return;
    }
    setPriceError('');
    onChange({ ...choice, minPrice, maxPrice });
  }

  function applyOnEnter(event: KeyboardEvent) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      applyPrice();
    }
  }

  const sort = choice.sort ?? (searching ? 'relevance' : 'featured');
  return (
    <Stack spacing={3}>
      <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          Sort by
        </Typography>
        <RadioGroup
          name="sort"
          value={sort}
          onChange={(event) => {
            const value = sortsFor(searching).find((s) => s === event.target.value);
            const isDefault = value === (searching ? 'relevance' : 'featured');
            onChange({ ...choice, sort: value === undefined || isDefault ? null : value });
          }}
        >
          {sortsFor(searching).map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio size="small" />}
              label={SORT_LABELS[option]}
            />
          ))}
        </RadioGroup>
      </Stack>

      {/* Not a form: a submit inside the sheet would race the router's transitions. */}
      <Stack role="group" aria-label="Price range" spacing={1.5} onKeyDown={applyOnEnter}>
        <Typography variant="h6" component="h3">
          Price (₦)
        </Typography>
        <Stack direction="row" spacing={1}>
          <TextField
            label="Lowest"
            size="small"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={priceError !== ''}
          />
          <TextField
            label="Highest"
            size="small"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={priceError !== ''}
          />
        </Stack>
        {priceError ? (
          <Typography role="alert" variant="body2" color="error">
            {priceError}
          </Typography>
        ) : null}
        <Button variant="outlined" onClick={applyPrice} sx={{ alignSelf: 'flex-start' }}>
          Apply price
        </Button>
      </Stack>

      <Stack>
        <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
          Show only
        </Typography>
        <FormControlLabel
          control={
            <Checkbox
              checked={choice.inStock}
              onChange={(event) => onChange({ ...choice, inStock: event.target.checked })}
            />
          }
          label="In stock"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={choice.discounted}
              onChange={(event) => onChange({ ...choice, discounted: event.target.checked })}
            />
          }
          label="Discounted"
        />
      </Stack>

      {activeFilterCount(choice) > 0 ? (
        <Button
          onClick={() =>
            onChange({
              ...choice,
              minPrice: NO_CHOICE.minPrice,
              maxPrice: NO_CHOICE.maxPrice,
              inStock: NO_CHOICE.inStock,
              discounted: NO_CHOICE.discounted,
            })
          }
          sx={{ alignSelf: 'flex-start' }}
        >
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}

interface FilterSheetProps extends ListingFiltersProps {
  open: boolean;
  onClose: () => void;
}

/** The filters in a sheet from the bottom of the screen, for phones and tablets. */
export function FilterSheet({ open, onClose, ...filters }: FilterSheetProps) {
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-label': 'Filters and sort',
          sx: { maxHeight: '85vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
        },
      }}
    >
      <Stack spacing={2} sx={{ p: 2.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h2">
            Filters and sort
          </Typography>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </Stack>
        <ListingFilters {...filters} />
      </Stack>
    </Drawer>
  );
}
