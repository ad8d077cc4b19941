import { describe, expect, it } from '@jest/globals';
import { tagsForLiveEvent } from './liveTags';

const me = 'me-id';
const other = 'other-id';

describe('tagsForLiveEvent', () => {
  it('a message makes its thread (with the other person), the conversation list and the badge stale', () => {
    const received = { type: 'message.sent', messageId: 'm', fromUserId: other, toUserId: me, productId: 'p' } as const;
    const sent = { ...received, fromUserId: me, toUserId: other };
    for (const event of [received, sent])
      expect(tagsForLiveEvent(event, me, false)).toEqual([
        { type: 'Message', id: `${other}:p` },
        { type: 'Conversation', id: 'LIST' },
        { type: 'Conversation', id: 'UNREAD' },
      ]);
  });

  it("a read mark reloads the list, the badge and the open threads; an order's change its views; a notification the bell", () => {
    expect(tagsForLiveEvent({ type: 'inbox.changed', version: 3 }, me, false)).toEqual([
      { type: 'Conversation', id: 'LIST' },
      { type: 'Conversation', id: 'UNREAD' },
      'Message',
    ]);
    const order = {
      type: 'order.changed',
      orderId: 'o',
      productId: 'p',
      from: 'paid',
      to: 'shipped',
      role: 'buyer',
    } as const;
    expect(tagsForLiveEvent(order, me, true)).toEqual([
      'Order',
      { type: 'Notification', id: 'LIST' },
      { type: 'Notification', id: 'UNREAD' },
    ]);
    expect(tagsForLiveEvent(order, me, false)).toEqual(['Order']);
  });

  it("a review's change reloads the order's review card, and once published the reviewed person's reviews", () => {
    const review = { type: 'review.changed', orderId: 'o', subjectId: 's' } as const;
    expect(tagsForLiveEvent({ ...review, change: 'written' }, me, true)).toEqual([
      { type: 'Review', id: 'ORDER:o' },
      { type: 'Notification', id: 'LIST' },
      { type: 'Notification', id: 'UNREAD' },
    ]);
    expect(tagsForLiveEvent({ ...review, change: 'published' }, me, false)).toEqual([
      { type: 'Review', id: 'ORDER:o' },
      { type: 'Review', id: 'USER:s' },
    ]);
    expect(tagsForLiveEvent({ ...review, change: 'reminder' }, me, true)).toHaveLength(3);
  });

  it("an offer's change reloads both Offers tabs, and the bell when it is a notification", () => {
    const offer = { type: 'offer.changed', offerId: 'f', productId: 'p', status: 'countered' } as const;
    expect(tagsForLiveEvent(offer, me, false)).toEqual(['Offer']);
    expect(tagsForLiveEvent(offer, me, true)).toHaveLength(3);
  });
});
