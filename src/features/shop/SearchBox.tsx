import { lazy, Suspense, useId, useState, type Ref } from 'react';
import { useEarlyTyping } from '../../lib/useEarlyTyping';
import { SEARCH_PARAM } from './useSearchText';
import { styled } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';

// A plain input in a styled frame: MUI's input components would add some 8 KB (gzipped) to
// the shop's first download for the one field on the page.
const Label = styled('label')({
  display: 'block',
  marginBottom: 6,
  fontWeight: 600,
  fontSize: '0.95rem',
});

const Frame = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  minHeight: 52,
  paddingInline: theme.spacing(1.5, 0.75),
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  color: theme.palette.text.secondary,
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus-within': {
    borderColor: theme.palette.primary.main,
    boxShadow: `0 0 0 2px ${theme.palette.primary.main}`,
  },
}));

const Input = styled('input')(({ theme }) => ({
  flex: 1,
  minWidth: 0,
  height: 48,
  border: 0,
  outline: 0,
  padding: 0,
  background: 'transparent',
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: '1rem', // 16 px: phones do not zoom into the field
  '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 },
  '&::-webkit-search-cancel-button': { appearance: 'none' }, // ours is beside it
}));

const Anchor = styled('div')({ position: 'relative' });

// The list is drawn only once names arrive: it need not hold up the first screen.
const SuggestionList = lazy(() => import('./SuggestionList'));

/** A product name offered as the shopper types. */
export interface SearchSuggestion {
  name: string;
  slug: string;
}

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter, or leaving the box: search now, without waiting for the pause. */
  onSubmit: () => void;
  onClear: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Product names for what is typed, best first (none while they load). */
  suggestions?: readonly SearchSuggestion[];
  /** A suggestion chosen (click, or arrows and Enter): open that product. */
  onChoose?: (suggestion: SearchSuggestion) => void;
  /**
   * The address's other parameters (category, filters, order), sent with the search by the
   * server page's form before the app has taken the page over.
   */
  alongside?: readonly (readonly [string, string])[];
}

/**
 * The shop's search: a labelled search field in a search landmark, with a clear button, and
 * product names offered as the shopper types (a combobox with a listbox: arrows move through
 * them, Enter opens the one picked, Escape closes them).
 *
 * The landmark is a form that asks the server for the page with the search (`?q=`): the
 * phone's search key sends it while the server's page is on screen and the app's code is
 * still arriving, and the server renders the results. Once the app has the page, it searches
 * itself and the form is never sent.
 */
export default function SearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
  inputRef,
  suggestions = [],
  onChoose,
  alongside = [],
}: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  // Closed by Escape, a choice or leaving the box; opened again by typing.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A new set of suggestions starts with none picked.
  const [seen, setSeen] = useState(suggestions);
  if (seen !== suggestions) {
    setSeen(suggestions);
    setActive(-1);
  }
  const expanded = open && suggestions.length > 0 && value.trim() !== '';

  function typed(text: string) {
    setOpen(true);
    onChange(text);
  }
  // The box takes typing from the server page's first paint, before the app has taken over.
  const ref = useEarlyTyping(value, typed, inputRef);

  function choose(suggestion: SearchSuggestion) {
    setOpen(false);
    onChoose?.(suggestion);
  }

  return (
    <form
      role="search"
      aria-label="Products"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        onSubmit();
      }}
    >
      {alongside.map(([name, text], index) => (
        <input key={`${index}-${name}`} type="hidden" name={name} value={text} />
      ))}
      <Label htmlFor={id}>Search products</Label>
      <Anchor>
        <Frame>
          <Search aria-hidden="true" />
          <Input
            id={id}
            ref={ref}
            name={SEARCH_PARAM}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            placeholder="Rice, garri, palm oil…"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            value={value}
            onChange={(event) => typed(event.target.value)}
            // A tap on a product right after typing leaves the box first: the search is written
            // to the address then, not by a timer that would fire after the tap's navigation.
            onBlur={() => {
              setOpen(false);
              onSubmit();
            }}
            onKeyDown={(event) => {
              if (expanded && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
                event.preventDefault();
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setActive((current) => {
                  const next = current + step;
                  if (next < -1) return suggestions.length - 1;
                  return next >= suggestions.length ? -1 : next;
                });
              } else if (event.key === 'ArrowDown' && suggestions.length > 0) {
                event.preventDefault();
                setOpen(true);
              } else if (event.key === 'Escape' && expanded) {
                event.preventDefault();
                setOpen(false);
              } else if (event.key === 'Enter') {
                event.preventDefault();
                const picked = expanded ? suggestions[active] : undefined;
                if (picked) choose(picked);
                else {
                  setOpen(false);
                  onSubmit();
                }
              }
            }}
          />
          {value ? (
            <IconButton aria-label="Clear the search box" onClick={onClear} size="small">
              <Close fontSize="small" />
            </IconButton>
          ) : null}
        </Frame>
        {expanded ? (
          <Suspense fallback={null}>
            <SuggestionList
              id={listId}
              suggestions={suggestions}
              active={active}
              onChoose={choose}
            />
          </Suspense>
        ) : null}
      </Anchor>
    </form>
  );
}
