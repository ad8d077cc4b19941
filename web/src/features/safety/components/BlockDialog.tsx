import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { asApiError } from '../../../api/api';
import { useBlockUserMutation } from '../blocksApi';

interface Props {
  open: boolean;
  user: { id: string; firstName: string };
  onClose: () => void;
  onBlocked?: () => void;
}

/** "Block Tomas?": what a block does, said before it is done; they are not told. */
export function BlockDialog({ open, user, onClose, onBlocked }: Props) {
  const [block, { isLoading, error, reset }] = useBlockUserMutation();
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    const done = await block(user.id)
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    onBlocked?.();
    close();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="block-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="block-dialog-title">Block {user.firstName}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {user.firstName} won’t be able to message you, buy your items or review you, and neither of you will get new
          messages from the other. They won’t be told. You can unblock them any time in Account settings.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {asApiError(error)?.serverMessage ?? 'Could not block'}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          Block
        </Button>
      </DialogActions>
    </Dialog>
  );
}
