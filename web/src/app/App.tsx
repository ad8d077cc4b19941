import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { ToastProvider } from '../components/toast/ToastProvider';
import { store as browserStore, type AppStore } from './store';
import { theme } from './theme';

const globalStyles = (theme: Theme) => ({
  '.skip-link': {
    position: 'absolute',
    left: -9999,
    top: 8,
    zIndex: 2000,
    background: theme.palette.background.paper,
    padding: '8px 16px',
    borderRadius: 8,
  },
  '.skip-link:focus': { left: 8 },
});

/**
 * Store, theme, global styles and toasts around the router: the same in the browser and in the prerendered pages (a
 * page the gateway renders has a store of its own).
 */
export function App({ children, store = browserStore }: { children: ReactNode; store?: AppStore }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GlobalStyles styles={globalStyles} />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}
