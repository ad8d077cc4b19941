import { button, quote } from '../blocks';
import { defineMail } from '../define-mail';

/** A member wrote to the recipient: not transactional, so it carries the one-click unsubscribe. */
export const newMessage = defineMail<{ author: string | null; text: string }>({
  kind: 'new-message',
  transactional: false,
  compose: ({ author, text }) => ({
    subject: author ? `${author} sent you a message on Souvenir Swap` : 'You have a new message on Souvenir Swap',
    blocks: [quote(author ?? 'A member', text), button('Reply in Messages', '/messages')],
  }),
});
