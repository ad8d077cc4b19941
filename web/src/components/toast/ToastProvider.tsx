import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ToastContext, type ToastOptions } from './toastContext';

export interface ActiveToast extends ToastOptions {
  key: number;
}

// The toast's UI (Snackbar, Paper, transitions, icons) is not needed for the first paint: it loads when the
// first toast is shown, and is fetched in the background once the page is idle so that toast appears at once.
const loadToastView = () => import('./ToastView');
const ToastView = lazy(loadToastView);

/** One toast at a time, 5 s, top on small screens and bottom-right from md up; F8 focuses it; swipe right dismisses. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ActiveToast | null>(null);
  // The key of the toast that is open. A toast's 5-s timer may fire after the next toast was asked for and before it
  // is drawn (a sign-out right as the sign-up's toast ends): keyed, closing and clearing touch only their own toast,
  // never the next one, which would otherwise never show.
  const [openKey, setOpenKey] = useState<number | null>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const toastRef = useRef<HTMLDivElement>(null);

  const show = useCallback((options: ToastOptions) => {
    const key = Date.now() + Math.random();
    setToast({ ...options, key });
    setOpenKey(key);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      (toastRef.current ?? regionRef.current)?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const prefetch = () => void loadToastView().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);

  const close = useCallback((key: number) => setOpenKey((open) => (open === key ? null : open)), []);
  const exited = useCallback((key: number) => setToast((shown) => (shown?.key === key ? null : shown)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Box ref={regionRef} role="region" aria-label="Notifications (F8)" tabIndex={-1} sx={{ outline: 'none' }} />
      {toast && (
        <Suspense fallback={null}>
          <ToastView
            toast={toast}
            open={openKey === toast.key}
            onClose={() => close(toast.key)}
            onExited={() => exited(toast.key)}
            toastRef={toastRef}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
