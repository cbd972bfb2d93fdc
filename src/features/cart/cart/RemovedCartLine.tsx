import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Where a deleted line stood, for a few seconds: 'Removed · Undo'. */
export default function RemovedCartLine({
  name,
  disabled,
  onUndo,
}: {
  name: string;
  disabled: boolean;
  onUndo: () => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography role="status" sx={{ flex: 1, minWidth: 0, color: 'text.secondary' }}>
        Removed: {name} ·
      </Typography>
      <Button onClick={onUndo} disabled={disabled} aria-label={`Undo: put ${name} back`}>
        Undo
      </Button>
    </Box>
  );
}
