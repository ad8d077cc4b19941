import { button, paragraph, quote } from '../blocks';
import { defineMail } from '../define-mail';

/** Longer messages are cut here: the digest points to Messages, where each is read whole. */
const EXCERPT = 280;

/** The day's messages in one mail, for people who chose the daily digest. */
export const messageDigest = defineMail<{ total: number; messages: { author: string | null; text: string }[] }>({
  kind: 'message-digest',
  transactional: false,
  compose: ({ total, messages }) => ({
    subject:
      total === 1 ? 'Your Souvenir Swap digest: 1 new message' : `Your Souvenir Swap digest: ${total} new messages`,
    blocks: [
      paragraph(total === 1 ? 'You have a new message.' : `You have ${total} new messages.`),
      ...messages.map((m) =>
        quote(m.author ?? 'A member', m.text.length > EXCERPT ? `${m.text.slice(0, EXCERPT)}…` : m.text),
      ),
      ...(total > messages.length ? [paragraph(`And ${total - messages.length} more.`)] : []),
      button('Open Messages', '/messages'),
    ],
  }),
});
