import type { ReactElement } from 'react';
import { configureStore } from '@reduxjs/toolkit';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { api } from '../api/api';
import { theme } from '../app/theme';
import { ToastContext, type ToastOptions } from '../components/toast/toastContext';
import { authDialogSlice } from '../features/auth/authDialogSlice';
import { bundleSlice, emptyBundle, type BundleState } from '../features/bundle/bundleSlice';

/** Where the app went: a navigation away from the page under test lands here. */
function Elsewhere() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

/**
 * Renders a page as the app does (a fresh store, the theme, a router at `route`), collecting its toasts. Other paths
 * render the location, so a test sees where the page navigated. `bundle`: the buyer's bundle as the browser kept it.
 */
export function renderInApp(
  page: ReactElement,
  { route, path, bundle = emptyBundle }: { route: string; path: string; bundle?: BundleState },
) {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [authDialogSlice.name]: authDialogSlice.reducer,
      [bundleSlice.name]: bundleSlice.reducer,
    },
    preloadedState: { [bundleSlice.name]: bundle },
    // The dev-mode checks stay on; only their timing warning goes, which a busy test machine sets off.
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } }).concat(
        api.middleware,
      ),
  });
  const toasts: ToastOptions[] = [];
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <ToastContext.Provider value={(toast) => toasts.push(toast)}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </MemoryRouter>
        </ToastContext.Provider>
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store, toasts };
}

/**
 * Answers the page's API calls from `answers` (keyed by "METHOD /api/path"): the gateway itself is exercised by the
 * browser suites. Unlisted calls answer 404. Returns the calls made, in order.
 */
export function answerApi(answers: Record<string, (body: unknown) => Response>) {
  const calls: string[] = [];
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const key = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(key);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    return answers[key]?.(body) ?? Response.json({ message: 'Not Found' }, { status: 404 });
  };
  return calls;
}
