import { button, facts, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** To the old address of an account that moved, with the link that takes it back (7 days). */
export const emailChanged = defineMail<{ newEmail: string; undoLinkPath: string; undoUntil: string }>({
  kind: 'email-changed',
  transactional: true,
  secretParams: ['undoLinkPath'],
  compose: ({ newEmail, undoLinkPath, undoUntil }) => ({
    subject: 'Your Souvenir Swap e-mail address was changed',
    blocks: [
      paragraph(
        'The e-mail address of your Souvenir Swap account was changed; we will write to the new one from now on.',
      ),
      facts([
        ['New address', newEmail],
        ['Undo possible until', new Date(undoUntil).toUTCString()],
      ]),
      paragraph(
        'If it was not you, undo the change: the account goes back to this address and everyone signed in to it is signed out.',
      ),
      button('Undo this change', undoLinkPath),
    ],
  }),
});
