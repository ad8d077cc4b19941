import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** "Forgot password?": the single-use link (60 minutes) to set a new password. */
export const passwordReset = defineMail<{ linkPath: string }>({
  kind: 'password-reset',
  transactional: true,
  secretParams: ['linkPath'],
  compose: ({ linkPath }) => ({
    subject: 'Reset your Souvenir Swap password',
    preview: 'The link works once, within 60 minutes.',
    blocks: [
      paragraph(
        'Someone asked to reset the password of your Souvenir Swap account. To choose a new one, open this link.',
      ),
      button('Reset password', linkPath),
      paragraph(
        'The link works once, within 60 minutes; setting a new password signs you out everywhere. If you did not ask, ignore this e-mail: your password stays as it is.',
      ),
    ],
  }),
});
