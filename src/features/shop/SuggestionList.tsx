import { styled } from '@mui/material/styles';
import type { SearchSuggestion } from './SearchBox';

const Listbox = styled('ul')(({ theme }) => ({
  position: 'absolute',
  zIndex: theme.zIndex.modal - 1,
  top: '100%',
  left: 0,
  right: 0,
  margin: theme.spacing(0.5, 0, 0),
  padding: theme.spacing(0.5, 0),
  listStyle: 'none',
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[4],
}));

const Option = styled('li')(({ theme }) => ({
  padding: theme.spacing(1.25, 2),
  cursor: 'pointer',
  color: theme.palette.text.primary,
  '&[aria-selected="true"], &:hover': { backgroundColor: theme.palette.action.hover },
}));

interface SuggestionListProps {
  id: string;
  suggestions: readonly SearchSuggestion[];
  /** The option picked with the arrow keys, -1 for none. */
  active: number;
  onChoose: (suggestion: SearchSuggestion) => void;
}

/** The search box's listbox: each option's id is the list's id and its place. */
export default function SuggestionList({ id, suggestions, active, onChoose }: SuggestionListProps) {
  return (
    <Listbox id={id} role="listbox" aria-label="Suggestions">
      {suggestions.map((suggestion, i) => (
        <Option
          key={suggestion.slug}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          // Pressing keeps the focus in the box, so leaving it does not close the list
          // before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(suggestion)}
        >
          {suggestion.name}
        </Option>
      ))}
    </Listbox>
  );
}
