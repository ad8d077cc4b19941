import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ProvenanceDecision } from '@souvenir/contracts';

const WHAT_HAPPENS: Record<ProvenanceDecision, string> = {
  approve: 'The listing will show Checked origin to every shopper: support has seen a document that matches the item.',
  reject:
    "The documents will no longer count: the listing goes back to the seller's own declaration, and it leaves this queue.",
};

/** The last step before a provenance decision is sent: it names the item and the decision, and what follows. */
export function ConfirmProvenanceDialog({
  title,
  decision,
  busy,
  onCancel,
  onConfirm,
}: {
  title: string;
  decision: ProvenanceDecision | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const verb = decision === 'reject' ? 'Reject' : 'Approve';
  return (
    <Dialog open={decision !== null} onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs">
      <DialogTitle>
        {verb} the documents of “{title}”?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{decision ? WHAT_HAPPENS[decision] : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={decision === 'reject' ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {verb} documents
        </Button>
      </DialogActions>
    </Dialog>
  );
}
