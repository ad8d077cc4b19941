import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { formatMoney } from '../../../utils/money';
import { amountProblem, minimumOffer } from '../offerAmounts';

interface Props {
  open: boolean;
  title: string;
  /** The item's price: the bounds are half of it and all of it, as on the server. */
  price: string;
  description: string;
  submitLabel: string;
  busy: boolean;
  /** The server's sentence when it refused the amount. */
  serverError?: string | null;
  onSubmit: (amount: string) => void;
  onClose: () => void;
}

/** "Make an offer" and "Counter": one amount, checked here as the server checks it (it checks again). */
export function OfferAmountDialog({
  open,
  title,
  price,
  description,
  submitLabel,
  busy,
  serverError,
  onSubmit,
  onClose,
}: Props) {
  const titleId = useId();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = touched ? amountProblem(amount, price) : null;
  const error = problem ?? serverError ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountProblem(amount, price)) return;
    onSubmit(Number(amount).toFixed(2));
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit} aria-label={title}>
        <DialogTitle id={titleId} sx={{ pr: 7 }}>
          {title}
        </DialogTitle>
        <DialogCloseButton onClose={onClose} disabled={busy} />
        <DialogContent>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{description}</Typography>
          <TextField
            label="Your amount"
            required
            fullWidth
            autoFocus
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(error)}
            helperText={error ?? `Between ${formatMoney(minimumOffer(price))} and ${formatMoney(price)}`}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} sx={{ color: 'text.secondary' }}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending...' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
