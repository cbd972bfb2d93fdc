import { styled } from '@mui/material/styles';
import type { Category } from 'contract';
import { formatCount } from '../../lib/format';
import { TAP_TARGET_PX } from '../../theme/theme';

// Plain buttons in a styled row: MUI's Chip would add to the shop's first download for a row
// of toggles that need no more than this.
const Row = styled('ul')(({ theme }) => ({
  display: 'flex',
  gap: theme.spacing(1),
  margin: 0,
  padding: theme.spacing(0.5, 0.25),
  listStyle: 'none',
  overflowX: 'auto',
  scrollbarWidth: 'none',
}));

const Chip = styled('button')(({ theme }) => ({
  flex: 'none',
  minHeight: TAP_TARGET_PX,
  padding: theme.spacing(0, 1.75),
  borderRadius: 20,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: theme.typography.body2.fontSize,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '&[aria-pressed="true"]': {
    backgroundColor: theme.palette.primary.main,
    borderColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
  },
}));

const Count = styled('span')({ fontWeight: 400, marginLeft: 6, opacity: 0.85 });

interface CategoryChipsProps {
  categories: readonly Category[];
  /** The category shown, null for every one. */
  selected: string | null;
  onSelect: (category: string | null) => void;
}

/** The shop's aisles on the first screen: 'All' first, then each category with its count. */
export default function CategoryChips({ categories, selected, onSelect }: CategoryChipsProps) {
  const all = categories.reduce((sum, c) => sum + c.products, 0);
  const chips = [
    { name: null, label: 'All', products: all },
    ...categories.map((c) => ({ name: c.name, label: c.name, products: c.products })),
  ];
  return (
    <nav aria-label="Categories">
      <Row>
        {chips.map((chip) => (
          <li key={chip.label}>
            <Chip
              type="button"
              aria-pressed={chip.name === selected}
              onClick={() => onSelect(chip.name)}
            >
              {chip.label}
              {categories.length > 0 ? <Count>{formatCount(chip.products)}</Count> : null}
            </Chip>
          </li>
        ))}
      </Row>
    </nav>
  );
}
