import { useId, type Ref } from 'react';
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

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter, or leaving the box: search now, without waiting for the pause. */
  onSubmit: () => void;
  onClear: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The shop's search: a labelled search field in a search landmark, with a clear button. */
export default function SearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
  inputRef,
}: SearchBoxProps) {
  const id = useId();
  return (
    <div role="search" aria-label="Products">
      <Label htmlFor={id}>Search products</Label>
      <Frame>
        <Search aria-hidden="true" />
        <Input
          id={id}
          ref={inputRef}
          type="search"
          placeholder="Rice, garri, palm oil…"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          // A tap on a product right after typing leaves the box first: the search is written
          // to the address then, not by a timer that would fire after the tap's navigation.
          onBlur={onSubmit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onSubmit();
            }
          }}
        />
        {value ? (
          <IconButton aria-label="Clear the search box" onClick={onClear} size="small">
            <Close fontSize="small" />
          </IconButton>
        ) : null}
      </Frame>
    </div>
  );
}
