import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** To the new address of an account: the change happens only once this link is followed. */
export const emailChangeConfirm = defineMail<{ linkPath: string }>({
  kind: 'email-change-confirm',
  transactional: true,
  secretParams: ['linkPath'],
  compose: ({ linkPath }) => ({
    subject: 'Confirm your new e-mail address for Souvenir Swap',
    blocks: [
      paragraph('You asked to use this address for your Souvenir Swap account. Confirm it to make the change.'),
      button('Confirm new address', linkPath),
      paragraph('The link works for 24 hours. If you did not ask, ignore this e-mail: nothing changes.'),
    ],
  }),
});
