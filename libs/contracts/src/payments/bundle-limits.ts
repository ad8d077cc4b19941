/** A bundle holds at most this many items (one parcel); at least two, else it is a single checkout. */
export const BUNDLE_MIN_ITEMS = 2;
export const BUNDLE_MAX_ITEMS = 10;
/** The highest bundle discount a seller may give, in percent. */
export const BUNDLE_MAX_PERCENT = 50;

export const BUNDLE_MESSAGES = {
  oneSeller: 'A bundle holds items of one seller.',
  minItems: `The bundle discount starts at ${BUNDLE_MIN_ITEMS} to ${BUNDLE_MAX_ITEMS} items.`,
  percent: `The bundle discount is a whole percent from 0 to ${BUNDLE_MAX_PERCENT}.`,
  productIds: `A bundle holds ${BUNDLE_MIN_ITEMS} to ${BUNDLE_MAX_ITEMS} different items.`,
  productOrProducts: 'Send either productId or productIds.',
  itemNotInOrder: 'Choose items of this order.',
  itemGone: 'An item of this bundle is no longer available. Please remove it and try again.',
} as const;
