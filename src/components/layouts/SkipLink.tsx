import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';

export const MAIN_ID = 'main';

/**
 * The first stop for keyboard users: hidden until focused, it moves focus past the
 * navigation to the page content. Focus moves in script so the URL keeps no "#main".
 */
export default function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  }
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 16,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 2,
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
        fontWeight: 700,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
        '&:focus-visible': { outline: 3, outlineColor: 'secondary.main', outlineOffset: 2 },
      }}
    >
      Skip to content
    </Box>
  );
}
