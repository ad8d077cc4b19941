import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import AddRounded from '@mui/icons-material/AddRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { openAuthDialog } from '../../features/auth/authDialogSlice';
import { useCurrentUser } from '../../features/auth/hooks/useCurrentUser';
import { useSignOut } from '../../features/auth/hooks/useSignOut';
import { BundleHeaderLink } from '../../features/bundle/components/BundleHeaderLink';
import { NotificationBell } from '../../features/live/components/NotificationBell';
import { useUnreadCount } from '../../features/messages/hooks/useUnreadCount';
import { AccountMenuButton } from './AccountMenuButton';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import type { Theme } from '@mui/material/styles';
import { translucent } from '../../app/theme';

const MobileMenu = lazy(() => import('./MobileMenu'));

export interface NavItem {
  to: string;
  label: string;
  end: boolean;
  /** In the desktop header from lg (1200 px) only: below it the footer and the phone menu carry it. */
  wideOnly?: boolean;
}

const navItems: NavItem[] = [
  { to: '/', label: 'Browse', end: true },
  { to: '/categories', label: 'Categories', end: false },
  { to: '/how-it-works', label: 'How it Works', end: false, wideOnly: true },
];

/** Shown from lg only: at md (900-1199 px) the header keeps its room for the search (at least 240 px). */
const fromLg = { display: { xs: 'none', lg: 'inline-flex' } };

const navLinkSx = {
  color: 'text.secondary',
  borderRadius: 999,
  px: 1.5,
  '&.active': { color: 'primary.main', bgcolor: (theme: Theme) => translucent(theme, 'primary.main', 0.08) },
};

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const { signOut, isSigningOut } = useSignOut();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  const onHome = pathname === '/';
  const unread = useUnreadCount();
  // "Messages, 3 unread": the badge's visible number is part of the name (label in name; axe reads "(3 unread)" as not).
  const messagesLabel = unread ? `Messages, ${unread} unread` : 'Messages';

  const signIn = () => dispatch(openAuthDialog('signIn'));
  // A guest's List Item asks them to join, then takes them on to the sell form.
  const join = () => dispatch(openAuthDialog('join', { kind: 'goTo', path: '/sell' }));

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: (theme) => translucent(theme, 'common.white', 0.92),
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 64, md: 72 } }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2 }}>
            {navItems.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                sx={[navLinkSx, item.wideOnly ? fromLg : {}, { whiteSpace: 'nowrap' }]}
              >
                {item.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'flex' }, justifyContent: 'center' }}>
            {onHome && <HeaderSearch />}
          </Box>
          <Box sx={{ flex: { xs: 1, sm: 0 } }} />
          {/* First of the right-hand group: appearing after hydration, it moves nothing already drawn. */}
          <BundleHeaderLink />
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
            {isLoading ? (
              <Skeleton variant="rounded" width={260} height={36} />
            ) : user ? (
              <>
                <IconButton component={RouterLink} to="/messages" aria-label={messagesLabel} title={messagesLabel}>
                  {/* No badge at 0: a hidden MUI badge still holds its number as text, which is not in the name "Messages". */}
                  {unread ? (
                    <Badge color="primary" badgeContent={unread} max={99}>
                      <ChatBubbleOutlineRounded />
                    </Badge>
                  ) : (
                    <ChatBubbleOutlineRounded />
                  )}
                </IconButton>
                <NotificationBell />
                {/* Shortcuts where there is room; the account menu holds them at every width. */}
                <IconButton
                  component={RouterLink}
                  to="/profile?tab=favorites"
                  aria-label="Favorites"
                  title="Favorites"
                  sx={fromLg}
                >
                  <FavoriteBorderRounded />
                </IconButton>
                <IconButton component={RouterLink} to="/orders" aria-label="My Orders" title="My Orders" sx={fromLg}>
                  <ReceiptLongOutlined />
                </IconButton>
                <Button
                  component={RouterLink}
                  to="/sell"
                  variant="contained"
                  startIcon={<AddRounded />}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  List Item
                </Button>
                <AccountMenuButton user={user} onSignOut={signOut} isSigningOut={isSigningOut} />
              </>
            ) : (
              <>
                <Button onClick={signIn} sx={{ color: 'text.primary', whiteSpace: 'nowrap' }}>
                  Sign In
                </Button>
                <Button onClick={join} variant="contained" startIcon={<AddRounded />} sx={{ whiteSpace: 'nowrap' }}>
                  List Item
                </Button>
              </>
            )}
          </Box>
          {user && (
            <Box sx={{ display: { md: 'none' } }}>
              <NotificationBell />
            </Box>
          )}
          <IconButton
            sx={{ display: { md: 'none' } }}
            aria-label={unread ? `Open menu (${unread} unread messages)` : 'Open menu'}
            onClick={() => {
              setDrawerMounted(true);
              setDrawerOpen(true);
            }}
          >
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
      {/* The mobile menu (Drawer: Modal, focus trap, transitions) loads on the first tap of the menu button. */}
      {drawerMounted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            navItems={navItems}
            user={user}
            unread={unread}
            onSignIn={signIn}
            onJoin={join}
            onSignOut={signOut}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
