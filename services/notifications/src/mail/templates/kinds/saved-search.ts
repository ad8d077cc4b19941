import { button, facts, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** Items quoted in one mail; the rest are counted ("And 12 more"). */
const LISTED = 20;

/** New listings that matched one saved search, at most one mail per search a day. Carries the unsubscribe link. */
export const savedSearch = defineMail<{
  label: string;
  total: number;
  items: { productId: string; title: string; price: string }[];
}>({
  kind: 'saved-search',
  transactional: false,
  compose: ({ label, total, items }) => ({
    subject:
      total === 1 ? `New match for your saved search ${label}` : `${total} new matches for your saved search ${label}`,
    blocks: [
      paragraph(
        total === 1
          ? `A new listing matches your saved search ${label}:`
          : `${total} new listings match your saved search ${label}:`,
      ),
      facts(items.slice(0, LISTED).map((item) => [item.title, `$${item.price}`])),
      ...items.slice(0, LISTED).map((item) => button(`See ${item.title}`, `/product/${item.productId}`)),
      ...(total > LISTED ? [paragraph(`And ${total - LISTED} more.`)] : []),
      button('Your saved searches', '/saved-searches'),
    ],
  }),
});
