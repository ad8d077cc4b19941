import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A new account (or its owner asking again) confirms its address. */
export const emailVerification = defineMail<{ linkPath: string }>({
  kind: 'email-verification',
  transactional: true,
  secretParams: ['linkPath'],
  compose: ({ linkPath }) => ({
    subject: 'Verify your e-mail address for Souvenir Swap',
    preview: 'One click and you can list items and message sellers.',
    blocks: [
      paragraph('Welcome to Souvenir Swap! Please confirm that this address is yours.'),
      button('Verify e-mail address', linkPath),
      paragraph('The link works for 7 days. If you did not join Souvenir Swap, ignore this e-mail.'),
    ],
  }),
});
