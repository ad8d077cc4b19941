import type { LiveEventData } from '@souvenir/contracts';
import { conversationTags, threadTag } from '../../api/messagesApi';
import { NOTIFICATION_TAGS } from '../../api/notificationsApi';
import { orderMessagesTag } from '../../api/orderMessagesApi';
import type { api } from '../../api/api';
import { PRODUCTS_FOR_SALE } from '../../api/cachedCopies';
import { orderReviewsTag, userReviewsTag } from '../reviews/reviewsApi';

type Tag = Parameters<typeof api.util.invalidateTags>[0][number];

/**
 * What a pushed event makes stale in RTK Query's cache: only what shows it, which then loads again through the usual
 * reads (so what a page shows always comes from them, with their permissions).
 */
export function tagsForLiveEvent(data: LiveEventData, meId: string, isNotification: boolean): Tag[] {
  const bell = isNotification ? NOTIFICATION_TAGS : [];
  switch (data.type) {
    case 'message.sent': {
      const otherUserId = data.fromUserId === meId ? data.toUserId : data.fromUserId;
      return [threadTag({ otherUserId, productId: data.productId }), ...conversationTags, ...bell];
    }
    case 'inbox.changed':
      // A message was sent or read: the list, the badge and the open threads (their read marks).
      return [...conversationTags, 'Message', ...bell];
    case 'order.changed':
      // The order's page, the lists it is on (its status, deadline, "needs your action") and the support queue.
      return ['Order', ...bell];
    case 'order.message':
      // The order's messages (a member's page takes the order id as its ref).
      return [orderMessagesTag(data.orderId), ...bell];
    case 'payout.paid':
      return ['Payout', ...bell];
    case 'review.changed':
      // The order's review card; once published, the reviewed person's Reviews tab and rating too.
      return data.change === 'published'
        ? [orderReviewsTag(data.orderId), userReviewsTag(data.subjectId), ...bell]
        : [orderReviewsTag(data.orderId), ...bell];
    case 'data-export.ready':
      return ['DataExport', ...bell];
    case 'moderation.decided':
      // Support hid something of the recipient's: their listings and messages show it.
      return ['Product', 'UserProducts', ...conversationTags, 'Message', ...bell];
    case 'price.dropped':
      // A favourited item is cheaper: its open page and the Favorites tab show the new price at once.
      return [{ type: 'Product', id: data.productId }, 'Favorite', ...bell];
    case 'product.reservation-changed':
      // The seller reserved an item for the recipient, or its reservation ended: its page, its cards and the lists.
      return [{ type: 'Product', id: data.productId }, PRODUCTS_FOR_SALE, 'UserProducts', 'Favorite', ...bell];
    case 'offer.changed':
      // Both people's Offers tabs show its new status and actions.
      return ['Offer', ...bell];
    case 'saved-search.matched':
      // The Saved searches page's "new" counts.
      return ['SavedSearch', ...bell];
  }
}

/** After a gap that could not be replayed: everything a pushed event could have changed. */
export const EVERYTHING_LIVE: Tag[] = [
  'Conversation',
  'Message',
  'Order',
  'Payout',
  'Notification',
  'Review',
  'DataExport',
  'Offer',
];
