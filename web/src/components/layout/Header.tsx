import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import AddRounded from '@mui/icons-material/AddRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { openAuthDialog } from '../../features/auth/authDialogSlice';
import { useCurrentUser } from '../../features/auth/hooks/useCurrentUser';
import { useSignOut } from '../../features/auth/hooks/useSignOut';
import { useUnreadCount } from '../../features/messages/hooks/useUnreadCount';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';

const navItems = [
  { to: '/', label: 'Browse', end: true },
  { to: '/categories', label: 'Categories', end: false },
  { to: '/how-it-works', label: 'How it Works', end: false },
];

const navLinkSx = {
  color: 'text.secondary',
  borderRadius: 999,
  px: 1.5,
  '&.active': { color: 'primary.main', bgcolor: 'rgba(196,87,47,0.08)' },
};

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const { signOut, isSigningOut } = useSignOut();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onHome = pathname === '/';
  const unread = useUnreadCount();
  const messagesLabel = unread ? `Messages (${unread} unread)` : 'Messages';

  const signIn = () => dispatch(openAuthDialog('signIn'));
  const join = () => dispatch(openAuthDialog('join'));

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ bgcolor: 'rgba(255,255,255,0.92)', backdropFilter: 'blur(8px)', borderBottom: '1px solid', borderColor: 'divider' }}>
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 64, md: 72 } }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2 }}>
            {navItems.map((item) => (
              <Button key={item.to} component={NavLink} to={item.to} end={item.end} sx={navLinkSx}>
                {item.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'flex' }, justifyContent: 'center' }}>{onHome && <HeaderSearch />}</Box>
          <Box sx={{ flex: { xs: 1, sm: 0 } }} />
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
            {isLoading ? (
              <Skeleton variant="rounded" width={220} height={36} />
            ) : user ? (
              <>
                <IconButton component={RouterLink} to="/messages" aria-label={messagesLabel} title={messagesLabel}>
                  <Badge color="primary" badgeContent={unread} max={99}>
                    <ChatBubbleOutlineRounded />
                  </Badge>
                </IconButton>
                <IconButton component={RouterLink} to="/profile?tab=favorites" aria-label="Favorites" title="Favorites">
                  <FavoriteBorderRounded />
                </IconButton>
                <Button component={RouterLink} to="/sell" variant="contained" startIcon={<AddRounded />}>
                  List Item
                </Button>
                <Button component={RouterLink} to="/profile" startIcon={<PersonOutlineRounded />} sx={{ color: 'text.primary' }}>
                  {user.firstName}
                </Button>
                <Button onClick={signOut} disabled={isSigningOut} sx={{ color: 'text.secondary' }}>
                  Sign Out
                </Button>
              </>
            ) : (
              <>
                <Button onClick={signIn} sx={{ color: 'text.primary' }}>
                  Sign In
                </Button>
                <Button onClick={join} variant="contained" startIcon={<AddRounded />}>
                  List Item
                </Button>
              </>
            )}
          </Box>
          <IconButton sx={{ display: { md: 'none' } }} aria-label={unread ? `Open menu (${unread} unread messages)` : 'Open menu'} onClick={() => setDrawerOpen(true)}>
            <Badge color="primary" variant="dot" invisible={!unread}>
              <MenuRounded />
            </Badge>
          </IconButton>
        </Toolbar>
        {onHome && (
          <Box sx={{ display: { xs: 'flex', sm: 'none' }, pb: 1.5 }}>
            <HeaderSearch />
          </Box>
        )}
      </Container>
      <Drawer anchor="right" open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box sx={{ width: 280, p: 2 }} role="presentation" onClick={() => setDrawerOpen(false)}>
          <Logo />
          <List component="nav" aria-label="Mobile" sx={{ mt: 2 }}>
            {navItems.map((item) => (
              <ListItemButton key={item.to} component={NavLink} to={item.to} end={item.end} sx={{ borderRadius: 2, '&.active': { color: 'primary.main' } }}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
          <Divider sx={{ my: 1 }} />
          {user ? (
            <List>
              <ListItemButton component={RouterLink} to="/messages" sx={{ borderRadius: 2 }}>
                <ListItemText primary="Messages" />
                <Badge color="primary" badgeContent={unread} max={99} aria-label={unread ? `${unread} unread` : undefined} sx={{ mr: 1, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} />
              </ListItemButton>
              <ListItemButton component={RouterLink} to="/profile?tab=favorites" sx={{ borderRadius: 2 }}>
                <ListItemText primary="Favorites" />
              </ListItemButton>
              <ListItemButton component={RouterLink} to="/sell" sx={{ borderRadius: 2 }}>
                <ListItemText primary="List Item" />
              </ListItemButton>
              <ListItemButton component={RouterLink} to="/profile" sx={{ borderRadius: 2 }}>
                <ListItemText primary={user.firstName} secondary="My profile" />
              </ListItemButton>
              <ListItemButton onClick={signOut} sx={{ borderRadius: 2 }}>
                <ListItemText primary="Sign Out" />
              </ListItemButton>
            </List>
          ) : (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
              <Button variant="outlined" onClick={signIn}>
                Sign In
              </Button>
              <Button variant="contained" onClick={join}>
                List Item
              </Button>
            </Box>
          )}
        </Box>
      </Drawer>
    </AppBar>
  );
}
