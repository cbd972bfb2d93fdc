import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageIntroProps {
  /** A short line above the title. */
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The top of a content page: its one h1 and a lead paragraph. */
export default function PageIntro({ eyebrow, title, children }: PageIntroProps) {
  return (
    <Box sx={{ mb: { xs: 3, md: 5 }, maxWidth: 760 }}>
      {eyebrow ? (
        <Typography variant="eyebrow" sx={{ color: 'primary.main', mb: 1 }}>
          {eyebrow}
        </Typography>
      ) : null}
      <Typography variant="headline">{title}</Typography>
      {children ? (
        <Typography variant="lead" component="div" color="text.secondary" sx={{ mt: 1.5 }}>
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}
