import IconButton from '@mui/material/IconButton';
import CloseRounded from '@mui/icons-material/CloseRounded';

/**
 * The ✕ in a dialog's top right corner: a way out that does not depend on Escape or on finding the backdrop (on a
 * phone a full-width dialog leaves little of it). Give the dialog's title `pr: 7` so a long title never runs under it.
 */
export function DialogCloseButton({ onClose, disabled }: { onClose: () => void; disabled?: boolean }) {
  return (
    <IconButton
      aria-label="Close"
      onClick={onClose}
      disabled={disabled}
      sx={{ position: 'absolute', top: 12, right: 12, color: 'text.secondary' }}
    >
      <CloseRounded />
    </IconButton>
  );
}
