import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toast/ToastProvider';
import { router } from './router';
import { store } from './store';
import { theme } from './theme';

const globalStyles = {
  '.skip-link': { position: 'absolute', left: -9999, top: 8, zIndex: 2000, background: '#fff', padding: '8px 16px', borderRadius: 8 },
  '.skip-link:focus': { left: 8 },
};

export function App() {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GlobalStyles styles={globalStyles} />
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}
