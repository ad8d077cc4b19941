import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A security notice: the password was changed (in the settings or by a reset link). */
export const passwordChanged = defineMail<Record<string, never>>({
  kind: 'password-changed',
  transactional: true,
  compose: () => ({
    subject: 'Your Souvenir Swap password was changed',
    blocks: [
      paragraph(
        'The password of your Souvenir Swap account was just changed, and your other sessions were signed out.',
      ),
      paragraph('If it was not you, reset your password now with "Forgot password?" in the Sign In dialog.'),
      button('Go to Souvenir Swap', '/'),
    ],
  }),
});
