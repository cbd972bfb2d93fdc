import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { MAIN_ID } from './SkipLink';

/** The `<main id="main">` landmark the skip link lands on; it takes focus only from script. */
export default function MainLandmark({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      id={MAIN_ID}
      tabIndex={-1}
      sx={{ flex: 1, minWidth: 0, outline: 'none', scrollMarginTop: 80 }}
    >
      {children}
    </Box>
  );
}
