import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** Support hid something of the person's or suspended their account: what, why, and how to appeal once. */
export const moderationDecision = defineMail<{ sentence: string; reason: string; appealPath: string }>({
  kind: 'moderation-decision',
  transactional: true,
  compose: ({ sentence, reason, appealPath }) => ({
    subject: 'A decision by Souvenir Swap support',
    preview: sentence,
    blocks: [
      paragraph(`${sentence}.`),
      paragraph(`Support's reason: ${reason}`),
      paragraph('If you think this is a mistake, you can appeal once.'),
      button('Read the decision and appeal', appealPath),
    ],
  }),
});
