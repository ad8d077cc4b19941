import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** An offer the person made or received changed; the sentence is the bell's (live/deliveries.ts `offerText`). */
export const offerUpdate = defineMail<{ text: string; tab: 'buyer' | 'seller' }>({
  kind: 'offer-update',
  transactional: false,
  compose: ({ text, tab }) => ({
    subject: text,
    blocks: [paragraph(`${text}.`), button('See your offers', `/offers?tab=${tab}`)],
  }),
});
