import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A security notice: two-step sign-in was turned on. */
export const twoFactorEnabled = defineMail<Record<string, never>>({
  kind: 'two-factor-enabled',
  transactional: true,
  compose: () => ({
    subject: 'Two-step sign-in is now on for your Souvenir Swap account',
    blocks: [
      paragraph(
        'Two-step sign-in was just turned on: from now on, signing in asks for the code from your authenticator app after your password.',
      ),
      paragraph('Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.'),
      paragraph(
        'If it was not you, someone has your password: reset it now with "Forgot password?" in the Sign In dialog.',
      ),
      button('Go to your account', '/account'),
    ],
  }),
});
