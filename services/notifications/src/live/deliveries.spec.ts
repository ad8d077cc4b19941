import type { OfferChangedEvent, OrderChangedEvent, OrderPaidEvent } from '@souvenir/contracts';
import * as deliveries from './deliveries';

const ids = {
  orderId: '00000000-0000-4000-8000-000000000001',
  productId: '00000000-0000-4000-8000-000000000002',
  sellerId: '00000000-0000-4000-8000-000000000003',
  buyerUserId: '00000000-0000-4000-8000-000000000004',
};
const occurredAt = '2026-11-29T08:00:00.000Z';
const item = 'Bo Sang Paper Umbrella';

const paid = (extra: Partial<OrderPaidEvent> = {}): OrderPaidEvent => ({
  ...ids,
  amountCents: 1600,
  currency: 'usd',
  occurredAt,
  ...extra,
});

const changed = (
  from: OrderChangedEvent['from'],
  to: OrderChangedEvent['to'],
  actor: OrderChangedEvent['actor'],
  extra: Partial<OrderChangedEvent> = {},
): OrderChangedEvent => ({ ...ids, from, to, actor, occurredAt, ...extra });

const textFor = (list: deliveries.Delivery[], userId: string) =>
  list.find((delivery) => delivery.userId === userId)?.notification?.text;

describe('bell sentences name the item', () => {
  it('tells the seller of a sale by the item (the buyer, who paid, has no bell row)', () => {
    const list = deliveries.orderPaid(paid({ productTitle: item }));
    expect(textFor(list, ids.sellerId)).toBe(`You sold ${item}: please ship it`);
    expect(textFor(list, ids.buyerUserId)).toBeUndefined();
  });

  it.each([
    ['paid', 'shipped', 'seller', 'buyer', `Your order of ${item} was shipped`],
    ['shipped', 'delivered', 'seller', 'buyer', `Your order of ${item} was marked delivered`],
    ['delivered', 'completed', 'buyer', 'seller', `Your sale of ${item} is complete: the money is on its way to you`],
    ['paid', 'cancelled', 'system', 'buyer', `Your order of ${item} was cancelled and refunded`],
    ['shipped', 'disputed', 'buyer', 'seller', `The buyer of ${item} opened a claim: please answer it`],
    ['disputed', 'disputed', 'seller', 'buyer', `The seller answered your claim on ${item}`],
    ['disputed', 'refunded', 'support', 'buyer', `Your order of ${item} was refunded`],
    ['disputed', 'refunded', 'support', 'seller', `Your sale of ${item} was refunded to the buyer`],
  ] as const)('%s → %s by the %s: the %s reads "%s"', (from, to, actor, reader, text) => {
    const list = deliveries.orderChanged(changed(from, to, actor, { productTitle: item }));
    expect(textFor(list, reader === 'buyer' ? ids.buyerUserId : ids.sellerId)).toBe(text);
  });

  it("names a bundle's items, and a claim on some of them by those it names", () => {
    const bundle = { productTitle: 'Tile A', productIds: [ids.productId, ids.orderId, ids.sellerId] };
    const opened = deliveries.orderChanged(changed('shipped', 'disputed', 'buyer', bundle));
    expect(textFor(opened, ids.sellerId)).toBe('The buyer of Tile A and 2 more items opened a claim: please answer it');
    const onOne = { ...bundle, claimedProductIds: [ids.orderId], claimedTitle: 'Tile B' };
    expect(textFor(deliveries.orderChanged(changed('shipped', 'disputed', 'buyer', onOne)), ids.sellerId)).toBe(
      'The buyer of Tile B opened a claim: please answer it',
    );
    expect(textFor(deliveries.orderChanged(changed('disputed', 'disputed', 'seller', onOne)), ids.buyerUserId)).toBe(
      'The seller answered your claim on Tile B',
    );
    // Its end concerns the order, whichever items the claim named.
    expect(textFor(deliveries.orderChanged(changed('disputed', 'refunded', 'support', onOne)), ids.buyerUserId)).toBe(
      'Your order of Tile A and 2 more items was refunded',
    );
  });

  it('names the item of a payout, from the event or the order', () => {
    const payout = {
      payoutId: '00000000-0000-4000-8000-000000000005',
      orderId: ids.orderId,
      sellerId: ids.sellerId,
      amountCents: 1600,
      currency: 'usd',
      occurredAt,
    };
    expect(textFor(deliveries.payoutPaid({ ...payout, productTitle: item }), ids.sellerId)).toBe(
      `$16.00 for ${item} was paid out to your account`,
    );
    expect(textFor(deliveries.payoutPaid(payout, item), ids.sellerId)).toBe(
      `$16.00 for ${item} was paid out to your account`,
    );
    // A bundle's: its first item and how many more.
    expect(textFor(deliveries.payoutPaid({ ...payout, productTitle: 'Tile A', itemCount: 3 }), ids.sellerId)).toBe(
      '$16.00 for Tile A and 2 more items was paid out to your account',
    );
  });

  it('names the item of a review written, published or to write (sale or order by who reads it)', () => {
    const review = {
      reviewId: '00000000-0000-4000-8000-000000000006',
      orderId: ids.orderId,
      authorId: ids.buyerUserId,
      subjectId: ids.sellerId,
      occurredAt,
    };
    expect(textFor(deliveries.reviewWritten(review, 'Ana', item), ids.sellerId)).toBe(
      `Ana reviewed you for ${item}: write yours to see it`,
    );
    expect(textFor(deliveries.reviewPublished(review, 'Ben', item), ids.buyerUserId)).toBe(
      `Your review of Ben for ${item} is published`,
    );
    const order = { productTitle: item, sellerId: ids.sellerId };
    const due = { orderId: ids.orderId, dueBy: '2026-12-09T10:00:00.000Z', occurredAt };
    expect(textFor(deliveries.reminderDue({ ...due, userId: ids.sellerId }, order), ids.sellerId)).toBe(
      `Leave a review for your sale of ${item} before 9 December`,
    );
    expect(textFor(deliveries.reminderDue({ ...due, userId: ids.buyerUserId }, order), ids.buyerUserId)).toBe(
      `Leave a review for your order of ${item} before 9 December`,
    );
  });
});

describe('events written before they carried the item', () => {
  it('keep their sentences without it', () => {
    const sale = deliveries.orderPaid(paid());
    expect(textFor(sale, ids.sellerId)).toBe('You made a sale: please ship it');
    const shipped = deliveries.orderChanged(changed('paid', 'shipped', 'seller'));
    expect(textFor(shipped, ids.buyerUserId)).toBe('Your order was shipped');
    const review = {
      reviewId: '00000000-0000-4000-8000-000000000006',
      orderId: ids.orderId,
      authorId: ids.buyerUserId,
      subjectId: ids.sellerId,
      occurredAt,
    };
    expect(textFor(deliveries.reviewWritten(review, 'Ana'), ids.sellerId)).toBe(
      'Ana reviewed you: write yours to see it',
    );
    expect(textFor(deliveries.reviewPublished(review, undefined), ids.buyerUserId)).toBe('Your review is published');
    const due = { orderId: ids.orderId, userId: ids.buyerUserId, dueBy: '2026-12-09T10:00:00.000Z', occurredAt };
    expect(textFor(deliveries.reminderDue(due), ids.buyerUserId)).toBe(
      'Leave a review for your order before 9 December',
    );
  });
});

describe("an offer's change tells the party who did not make it", () => {
  const offer = (
    status: OfferChangedEvent['status'],
    actor: OfferChangedEvent['actor'],
    amountCents = 2500,
  ): OfferChangedEvent => ({
    offerId: ids.orderId,
    productId: ids.productId,
    productTitle: item,
    buyerId: ids.buyerUserId,
    sellerId: ids.sellerId,
    status,
    amountCents,
    currency: 'usd',
    actor,
    expiresAt: '2026-11-30T08:00:00.000Z',
    occurredAt,
  });

  it.each([
    ['pending', 'buyer', ids.sellerId, `Ana offered $25.00 for ${item}`],
    ['countered', 'seller', ids.buyerUserId, `The seller countered your offer on ${item} with $25.00`],
    [
      'accepted',
      'seller',
      ids.buyerUserId,
      `Your offer of $25.00 for ${item} was accepted: pay for it before 30 November at 08:00 UTC`,
    ],
    ['accepted', 'buyer', ids.sellerId, `Ana accepted your counter-offer of $25.00 for ${item}`],
    ['withdrawn', 'buyer', ids.sellerId, `Ana withdrew their offer of $25.00 for ${item}`],
    ['ended', 'system', ids.buyerUserId, `${item} is no longer for sale: your offer of $25.00 has ended`],
  ] as const)('%s by the %s: told %s', (status, actor, told, text) => {
    const list = deliveries.offerChanged(offer(status, actor), 'Ana');
    expect(list.filter((delivery) => delivery.notification).map((d) => [d.userId, d.notification!.text])).toEqual([
      [told, text],
    ]);
    // Both people's pages reload whoever is told.
    expect(list.map((delivery) => delivery.data.type)).toEqual(['offer.changed', 'offer.changed']);
  });

  it('tells both when it expires, and nobody in the bell once paid for', () => {
    expect(deliveries.offerChanged(offer('expired', 'system'), 'Ana').filter((d) => d.notification)).toHaveLength(2);
    expect(deliveries.offerChanged(offer('purchased', 'buyer'), 'Ana').filter((d) => d.notification)).toEqual([]);
  });
  it.each([
    ['pending', 'buyer', ids.sellerId, `Ana offered $25.00 for ${item} and 2 more items`],
    ['countered', 'seller', ids.buyerUserId, `The seller countered your offer on ${item} and 2 more items with $25.00`],
    ['declined', 'seller', ids.buyerUserId, `Your offer of $25.00 for ${item} and 2 more items was declined`],
    [
      'ended',
      'system',
      ids.buyerUserId,
      `Your offer of $25.00 for ${item} and 2 more items has ended: an item is no longer for sale`,
    ],
  ] as const)('names a bundle by its lead item and how many more: %s by the %s', (status, actor, told, text) => {
    const list = deliveries.offerChanged({ ...offer(status, actor), moreItems: 2 }, 'Ana');
    expect(list.filter((delivery) => delivery.notification).map((d) => [d.userId, d.notification!.text])).toEqual([
      [told, text],
    ]);
  });
});
