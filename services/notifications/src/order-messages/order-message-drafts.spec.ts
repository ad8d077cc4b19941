import type { OrderMessageSentEvent } from '@souvenir/contracts';
import { orderMessageDeliveries, orderMessageMails } from './order-message-drafts';

const SELLER = '11111111-1111-4111-8111-111111111111';
const BUYER = '22222222-2222-4222-8222-222222222222';
const event = (over: Partial<OrderMessageSentEvent>): OrderMessageSentEvent => ({
  messageId: '33333333-3333-4333-8333-333333333333',
  orderId: '44444444-4444-4444-8444-444444444444',
  productId: '55555555-5555-4555-8555-555555555555',
  sellerId: SELLER,
  buyerUserId: null,
  from: 'seller',
  authorName: 'Sally Seller',
  content: 'It ships tomorrow',
  occurredAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('a message on an order', () => {
  it("from the seller to a guest: mailed to the guest's address, the seller's own tabs told, no bell", () => {
    expect(orderMessageMails(event({}))).toEqual([
      expect.objectContaining({
        eventId: 'order-message:33333333-3333-4333-8333-333333333333',
        kind: 'order-message',
        to: { guestOfOrder: '44444444-4444-4444-8444-444444444444' },
        params: { author: 'Sally Seller', text: 'It ships tomorrow' },
      }),
    ]);
    expect(orderMessageDeliveries(event({}))).toEqual([{ userId: SELLER, data: expect.anything() }]);
  });

  it("from a guest: no mail back to them; the seller's bell names the guest", () => {
    const fromGuest = event({ from: 'buyer', authorName: 'Gia Guest' });
    expect(orderMessageMails(fromGuest)).toEqual([]);
    expect(orderMessageDeliveries(fromGuest)).toEqual([
      {
        userId: SELLER,
        data: { type: 'order.message', orderId: fromGuest.orderId, messageId: fromGuest.messageId },
        notification: { kind: 'order', text: 'Gia Guest wrote about your sale', link: `/orders/${fromGuest.orderId}` },
      },
    ]);
  });

  it('between members: the buyer is mailed at their account and told in the bell', () => {
    const toMember = event({ buyerUserId: BUYER });
    expect(orderMessageMails(toMember)[0]!.to).toEqual({ userId: BUYER });
    expect(orderMessageDeliveries(toMember).map((d) => [d.userId, d.notification?.text])).toEqual([
      [BUYER, 'Sally Seller wrote about your order'],
      [SELLER, undefined],
    ]);
  });
});
