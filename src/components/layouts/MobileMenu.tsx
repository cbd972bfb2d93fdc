import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import BrandLink from './BrandLink';
import { isCurrentLink, mainNavLinks } from './navLinks';
import { AccountButton, BecomeVendorButton } from './NavButtons';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  currentPath: string;
}

/** The phone and tablet menu: the page links and the account and vendor buttons in a drawer. */
export default function MobileMenu({ id, open, onClose, currentPath }: MobileMenuProps) {
  const theme = useTheme();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-label': 'Menu',
          sx: { width: 320, maxWidth: '88vw', p: 2.5 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <BrandLink onClick={onClose} />
        <IconButton aria-label="Close menu" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Main">
        <List disablePadding>
          {mainNavLinks.map((link) => {
            const current = isCurrentLink(link, currentPath);
            return (
              <ListItem key={link.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={link.to}
                  onClick={onClose}
                  selected={current}
                  aria-current={current ? 'page' : undefined}
                  sx={{
                    borderRadius: 2,
                    mb: 0.5,
                    '&.Mui-selected': {
                      bgcolor: alpha(theme.palette.primary.main, 0.1),
                      color: 'primary.dark',
                    },
                  }}
                >
                  <ListItemText
                    primary={link.label}
                    slotProps={{ primary: { sx: { fontWeight: current ? 700 : 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Stack spacing={1.5}>
        <AccountButton onClick={onClose} fullWidth />
        <BecomeVendorButton onClick={onClose} fullWidth />
      </Stack>
    </Drawer>
  );
}
