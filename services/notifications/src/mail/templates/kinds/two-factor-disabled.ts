import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A security notice: two-step sign-in was turned off (with the password and a code). */
export const twoFactorDisabled = defineMail<Record<string, never>>({
  kind: 'two-factor-disabled',
  transactional: true,
  compose: () => ({
    subject: 'Two-step sign-in was turned off for your Souvenir Swap account',
    blocks: [
      paragraph('Two-step sign-in was just turned off: signing in now asks only for your password.'),
      paragraph(
        'If it was not you, reset your password now with "Forgot password?" in the Sign In dialog, then turn two-step sign-in back on from your account page.',
      ),
      button('Go to your account', '/account'),
    ],
  }),
});
