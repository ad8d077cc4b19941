import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { asApiError } from '../../../api/api';
import type { ToastOptions } from '../../../components/toast/toastContext';
import { useToast } from '../../../hooks/useToast';
import { OfferAmountDialog } from './OfferAmountDialog';

interface Props {
  /** The item's price, or a bundle's: the amount's bounds are half of it and all of it. */
  price: string;
  label: string;
  icon: ReactNode;
  /** What the dialog says about the item and the rules before the person commits. */
  description: string;
  busy: boolean;
  /** Sends the amount and answers the toast to show once the server took it. */
  send: (amount: string) => Promise<ToastOptions>;
  /** As wide as its container (a bundle's total card), and whether it can be pressed now. */
  fullWidth?: boolean;
  disabled?: boolean;
}

/** A button opening the offer amount dialog: a refused amount is answered in the field, anything else as a toast. */
export function OfferAmountButton({ price, label, icon, description, busy, send, fullWidth, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const toast = useToast();

  const submit = async (amount: string) => {
    setServerError(null);
    try {
      const sent = await send(amount);
      setOpen(false);
      toast(sent);
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError?.status === 400) setServerError(apiError.serverMessage);
      else {
        setOpen(false);
        toast({ title: 'Error', description: apiError?.serverMessage ?? 'An error occurred', variant: 'error' });
      }
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="large"
        startIcon={icon}
        fullWidth={fullWidth}
        disabled={disabled}
        onClick={() => {
          setServerError(null);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <OfferAmountDialog
        open={open}
        title={label}
        price={price}
        description={description}
        submitLabel="Send offer"
        busy={busy}
        serverError={serverError}
        onSubmit={(amount) => void submit(amount)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
