import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The frame of the login and sign-up pages: one centred card with the page's only h1. */
export default function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 520,
          p: { xs: 2.5, sm: 4 },
          borderRadius: 3,
        }}
      >
        <Typography component="h1" variant="pageTitle">
          {title}
        </Typography>
        {intro ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {intro}
          </Typography>
        ) : null}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}
