import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The heading block every shopper's page opens with: its title at the theme's page size and,
 * when given, one line under it that says what the page holds.
 */
export default function PageHeader({
  title,
  subtitle,
  headingRef,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  /** For a page that moves focus to its heading (tabIndex -1, no visible outline). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography
        variant="pageTitle"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        sx={headingRef ? { outline: 'none' } : undefined}
      >
        {title}
      </Typography>
      {subtitle != null ? (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}
