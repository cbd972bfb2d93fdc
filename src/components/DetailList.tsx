import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

type Breakpoint = 'xs' | 'sm' | 'md';

export interface DetailListProps {
  /** Columns per breakpoint, each from that width up: `{ xs: 1, sm: 3 }`. */
  columns: Partial<Record<Breakpoint, number>>;
  /** Space between rows and columns, in theme spacing units. */
  gap?: number;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * Facts as a description list (`dl`), laid out as a grid, so a screen reader announces
 * each label with its value and a phone stacks them in fewer columns.
 */
export function DetailList({ columns, gap = 2, sx = [], children }: DetailListProps) {
  const gridTemplateColumns = Object.fromEntries(
    Object.entries(columns).map(([at, count]) => [at, `repeat(${count}, minmax(0, 1fr))`]),
  );
  return (
    <Box
      component="dl"
      sx={[{ m: 0, display: 'grid', gridTemplateColumns, gap }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}

export interface DetailRowProps {
  label: string;
  /** The value; nothing (or an empty text) shows a dash, so the row never looks broken. */
  children?: ReactNode;
  /** Takes the list's whole width below the md breakpoint (a long value beside short ones). */
  wide?: boolean;
}

/** One label and its value in a DetailList. */
export function DetailRow({ label, children, wide = false }: DetailRowProps) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', md: 'auto' } : undefined }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
      </Typography>
    </Box>
  );
}
