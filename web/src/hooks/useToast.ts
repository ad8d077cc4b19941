import { useContext } from 'react';
import { ToastContext } from '../components/toast/toastContext';

/** Shows one toast at a time (spec section 9): `toast({ title, description, variant })`. */
export function useToast() {
  return useContext(ToastContext);
}
