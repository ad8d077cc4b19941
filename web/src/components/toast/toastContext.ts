import { createContext } from 'react';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export const ToastContext = createContext<(toast: ToastOptions) => void>(() => undefined);
