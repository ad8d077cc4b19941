import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { formatMoney } from '../../../utils/money';

interface Props {
  open: boolean;
  busy: boolean;
  /** The order's amount: what the seller is paid once the buyer confirms. */
  amount: string;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * "Everything is OK" releases the buyer's money to the seller and cannot be undone: the buyer is asked first, told
 * that their buyer protection ends (no claim can be opened afterwards).
 */
export function ConfirmReceiptDialog({ open, busy, amount, onClose, onConfirm }: Props) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="confirm-receipt-title"
      aria-describedby="confirm-receipt-text"
    >
      <DialogTitle id="confirm-receipt-title" sx={{ pr: 7 }}>
        Is everything OK?
      </DialogTitle>
      <DialogCloseButton onClose={onClose} disabled={busy} />
      <DialogContent>
        <DialogContentText id="confirm-receipt-text">
          Confirming pays the seller {formatMoney(amount)} and ends your buyer protection for this order: you can no
          longer report a problem or get a refund through us. Only confirm once you have checked the item.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} sx={{ color: 'text.secondary' }}>
          Not Yet
        </Button>
        <Button variant="contained" color="success" onClick={onConfirm} disabled={busy}>
          {busy ? 'Confirming...' : 'Yes, Pay the Seller'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
