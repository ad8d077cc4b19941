import { lazy, Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../PageLoader';
import { Footer } from './Footer';
import { Header } from './Header';

const AuthDialogs = lazy(() => import('../../features/auth/components/AuthDialogs'));

/** Header, the current page and the footer; pages load lazily. */
export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <Suspense fallback={null}>
        <AuthDialogs />
      </Suspense>
    </Box>
  );
}
