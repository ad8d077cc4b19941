import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/**
 * Support hid something of the person's or suspended their account: what, why, and how to appeal once. A suspended
 * person cannot sign in to the appeal page, so they appeal by replying to this mail.
 */
export const moderationDecision = defineMail<{
  sentence: string;
  reason: string;
  appealPath: string;
  suspended: boolean;
}>({
  kind: 'moderation-decision',
  transactional: true,
  compose: ({ sentence, reason, appealPath, suspended }) => ({
    subject: 'A decision by Souvenir Swap support',
    preview: sentence,
    blocks: suspended
      ? [
          paragraph(`${sentence}.`),
          paragraph(`Support's reason: ${reason}`),
          paragraph('If you think this is a mistake, reply to this e-mail once with what support should know.'),
        ]
      : [
          paragraph(`${sentence}.`),
          paragraph(`Support's reason: ${reason}`),
          paragraph('If you think this is a mistake, you can appeal once.'),
          button('Read the decision and appeal', appealPath),
        ],
  }),
});
