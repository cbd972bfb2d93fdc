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
        <Typography
          sx={{
            color: 'primary.main',
            fontWeight: 800,
            fontSize: '0.8rem',
            letterSpacing: '0.08em',
            textTransform: 'uppercase',
            mb: 1,
          }}
        >
          {eyebrow}
        </Typography>
      ) : null}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' } }}>
        {title}
      </Typography>
      {children ? (
        <Typography
          component="div"
          color="text.secondary"
          sx={{ mt: 1.5, fontSize: { xs: '1rem', md: '1.125rem' }, lineHeight: 1.65 }}
        >
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}
