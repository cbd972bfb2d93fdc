import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import RouterLink from './RouterLink';

export interface EmptyStateProps {
  /** The spec's empty-state text, e.g. 'No product in your Wishlist.' */
  message: string;
  /** A line of help under the message. */
  description?: ReactNode;
  /** A decorative icon; defaults to an empty tray. */
  icon?: ReactNode;
  /** Where the shopper can go next. */
  action?: { label: string; to: string };
}

/** What a list shows when it has nothing in it: an icon, the message and a way forward. */
export default function EmptyState({ message, description, icon, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: { xs: 5, sm: 8 },
        px: 3,
        borderRadius: 3,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          bgcolor: 'action.hover',
          color: 'primary.main',
          '& svg': { fontSize: 36 },
        }}
      >
        {icon ?? <InboxOutlined />}
      </Box>
      <Typography variant="sectionTitle" component="p">
        {message}
      </Typography>
      {description ? (
        // A div: a description may hold its own paragraphs and lists (a search's suggestions),
        // which a <p> cannot, and a server-rendered page would not hydrate.
        <Typography component="div" color="text.secondary" sx={{ maxWidth: 420 }}>
          {description}
        </Typography>
      ) : null}
      {action ? (
        <Button component={RouterLink} to={action.to} variant="contained" sx={{ mt: 1 }}>
          {action.label}
        </Button>
      ) : null}
    </Box>
  );
}
