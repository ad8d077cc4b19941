import Alert from '@mui/material/Alert';
import { SHIELD_WARNING } from '@souvenir/contracts';

/**
 * Beside a message the contact-details shield caught: to its recipient, why some words read "[… hidden]"; to its
 * sender, why the other person will not see them. Both are told payments outside the site lose buyer protection.
 */
export function ShieldWarning({ mine }: { mine: boolean }) {
  return (
    <Alert severity="warning" variant="outlined" sx={{ mt: 0.75, maxWidth: { xs: '85%', sm: '70%' } }} role="note">
      {mine
        ? 'Contact and payment details are hidden from the other person until you have completed an order together. '
        : 'Contact and payment details in this message were hidden. '}
      {SHIELD_WARNING}
    </Alert>
  );
}
