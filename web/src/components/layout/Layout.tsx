import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useLiveEvents } from '../../features/live/hooks/useLiveEvents';
import { PageLoader } from '../PageLoader';
import { Footer } from './Footer';
import { Header } from './Header';
import { VerifyEmailBanner } from '../../features/auth/components/VerifyEmailBanner';
import { useReplayFirstTap } from '../../hooks/useReplayFirstTap';

const AuthDialogs = lazy(() => import('../../features/auth/components/AuthDialogs'));

/** The sticky header's height (its Toolbar's minHeight): main fills the rest of the first screen. */
const HEADER_HEIGHT = { xs: 64, md: 72 };

/** Header, the current page and the footer; pages load lazily. */
export function Layout() {
  const { pathname } = useLocation();
  useLiveEvents();
  useReplayFirstTap();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // The Sign In and Join dialogs (forms, validators: ~40 kB) load when one is first opened, not with every page,
  // and stay mounted afterwards so that closing one can play its transition.
  const authDialogOpen = useAppSelector((state) => state.authDialog.open !== null);
  const [authDialogsWanted, setAuthDialogsWanted] = useState(authDialogOpen);
  if (authDialogOpen && !authDialogsWanted) setAuthDialogsWanted(true);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <VerifyEmailBanner />
      {/* main fills the first screen even while its page is loading, so the footer starts below the fold: a lazy
          page (and its data) arriving never pushes the footer down in view, the layout shift Lighthouse counted. */}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          flex: 1,
          outline: 'none',
          minHeight: { xs: `calc(100vh - ${HEADER_HEIGHT.xs}px)`, md: `calc(100vh - ${HEADER_HEIGHT.md}px)` },
        }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      {authDialogsWanted ? (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      ) : null}
    </Box>
  );
}
