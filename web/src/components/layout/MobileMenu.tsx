import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { MeDto } from '@souvenir/contracts';
import { NavLink, Link as RouterLink } from 'react-router';
import { DialogCloseButton } from '../DialogCloseButton';
import type { NavItem } from './Header';
import { Logo } from './Logo';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  navItems: NavItem[];
  user: MeDto | null;
  unread: number;
  onSignIn: () => void;
  onJoin: () => void;
  onSignOut: () => void;
}

/** The header's menu on small screens, loaded lazily by the header on the first tap of its menu button. */
export default function MobileMenu({
  open,
  onClose,
  navItems,
  user,
  unread,
  onSignIn,
  onJoin,
  onSignOut,
}: MobileMenuProps) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
      <DialogCloseButton onClose={onClose} />
      <Box sx={{ width: 280, p: 2 }} role="presentation" onClick={onClose}>
        <Logo />
        <List component="nav" aria-label="Mobile" sx={{ mt: 2 }}>
          {navItems.map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              end={item.end}
              sx={{ borderRadius: 2, '&.active': { color: 'primary.main' } }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
        </List>
        <Divider sx={{ my: 1 }} />
        {user ? (
          // Each entry in its own <li>: a list holds list items only (axe "list").
          <List>
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to="/messages" sx={{ borderRadius: 2 }}>
                <ListItemText primary="Messages" />
                <Badge
                  color="primary"
                  badgeContent={unread}
                  max={99}
                  aria-label={unread ? `${unread} unread` : undefined}
                  sx={{ mr: 1, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                />
              </ListItemButton>
            </ListItem>
            <MenuLink to="/profile?tab=favorites" primary="Favorites" />
            <MenuLink to="/orders" primary="My Orders" />
            <MenuLink to="/offers" primary="Offers" />
            <MenuLink to="/saved-searches" primary="Saved searches" />
            {user.role === 'support' && <MenuLink to="/support" primary="Support" secondary="Open claims" />}
            <MenuLink to="/sell" primary="List Item" />
            <MenuLink to="/profile" primary={user.firstName} secondary="My profile" />
            <ListItem disablePadding>
              <ListItemButton onClick={onSignOut} sx={{ borderRadius: 2 }}>
                <ListItemText primary="Sign Out" />
              </ListItemButton>
            </ListItem>
          </List>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
            <Button variant="outlined" onClick={onSignIn}>
              Sign In
            </Button>
            <Button variant="contained" onClick={onJoin}>
              List Item
            </Button>
          </Box>
        )}
      </Box>
    </Drawer>
  );
}

/** One link of the signed-in part of the menu, as a list item. */
function MenuLink({ to, primary, secondary }: { to: string; primary: string; secondary?: string }) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={to} sx={{ borderRadius: 2 }}>
        <ListItemText primary={primary} secondary={secondary} />
      </ListItemButton>
    </ListItem>
  );
}
