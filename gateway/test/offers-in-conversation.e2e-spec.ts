import type { MessageDto, OfferDto } from '@souvenir/contracts';
import { eventually, mailsTo } from '@souvenir/testing';
import { join, payIntent, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';
import { offerSteps } from './offer-steps';

/**
 * Offers in the conversation, over HTTP with the real services: each step of an offer (made, countered, accepted,
 * paid; withdrawn, declined; ended by the sale) shows as an `offer` note in the thread of its buyer and seller about the
 * item, and `GET /api/offers?productId&withUserId` gives the thread the offers between the two with each one's
 * actions, in one read. The offer's own mail still goes out; its note is not mailed again as a message.
 */
const { http, maildev } = gatewayWorld({
  services: ['identity', 'catalog', 'payments', 'messaging', 'notifications'],
  mail: true,
  gateway: { WRITE_LIMIT_OFFERS: '60/600' },
});
const steps = offerSteps(http);
const { offer, act } = steps;

let seller: Account;
let ana: Account;
let ben: Account;

const listing = (title: string, price = 30) => steps.listing(seller, title, price);

const thread = async (who: Account, other: Account, productId: string): Promise<MessageDto[]> =>
  (await http.get(`/api/messages/${other.id}?productId=${productId}`).set('Cookie', who.cookie).expect(200)).body;
const between = async (who: Account, other: Account, productId: string): Promise<OfferDto[]> =>
  (await http.get(`/api/offers?productId=${productId}&withUserId=${other.id}`).set('Cookie', who.cookie).expect(200))
    .body.items;
const offerNotes = (messages: MessageDto[]) =>
  messages.filter((m) => m.kind === 'offer').map((m) => [m.fromUserId, m.content]);

beforeAll(async () => {
  seller = await join(http, 'convoffseller', 'Rosa');
  ana = await join(http, 'convoffana', 'Ana');
  ben = await join(http, 'convoffben', 'Ben');
}, 90_000);

describe('offers in the conversation', () => {
  it('records each step in the two people’s thread and gives the thread the offer with each side’s actions', async () => {
    const rug = await listing('Andean rug');
    const made = await offer(ana, rug, '20').expect(201);
    const fromBen = await offer(ben, rug, '18').expect(201);

    // The offer opens the conversation: both read the note, in the buyer's name.
    await eventually(async () =>
      expect(offerNotes(await thread(seller, ana, rug))).toEqual([[ana.id, 'Made an offer of $20.00.']]),
    );
    const forSeller = await between(seller, ana, rug);
    expect(forSeller).toHaveLength(1);
    expect(forSeller[0]).toMatchObject({ id: made.body.id, role: 'seller', actions: ['accept', 'decline', 'counter'] });
    expect((await between(ana, seller, rug))[0]).toMatchObject({ role: 'buyer', actions: ['withdraw'] });
    // Only the offers between the two: Ben's is not in Ana's conversation, nor Ana's in Ben's.
    expect((await between(seller, ben, rug)).map((o) => o.id)).toEqual([fromBen.body.id]);
    expect(await between(ana, ben, rug)).toEqual([]);

    // The seller may answer in the conversation the offer opened, though the buyer never wrote.
    await http
      .post('/api/messages')
      .set('Cookie', seller.cookie)
      .send({ toUserId: ana.id, productId: rug, content: 'Thanks for your offer!' })
      .expect(201);

    await act(seller, made.body.id, 'counter', { amount: '26' }).expect(200);
    await eventually(async () =>
      expect((await between(ana, seller, rug))[0]).toMatchObject({
        status: 'countered',
        amount: '26.00',
        actions: ['accept', 'decline', 'withdraw'],
      }),
    );
    await act(ana, made.body.id, 'accept').expect(200);
    expect((await between(ana, seller, rug))[0]).toMatchObject({ status: 'accepted', actions: ['pay'] });
    expect((await between(seller, ana, rug))[0]!.actions).toEqual([]);

    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', ana.cookie)
      .send({ productId: rug, amount: '26.00', offerId: made.body.id, guestInfo: shipping })
      .expect(200);
    await payIntent(http, intent.body, ana);

    await eventually(async () => {
      const notes = offerNotes(await thread(ana, seller, rug));
      expect(notes.map(([, text]) => text.replace(/until .*\./, 'until …'))).toEqual([
        'Made an offer of $20.00.',
        'Countered with $26.00.',
        'Accepted the offer of $26.00. It can be paid for until …',
        'Paid $26.00 for the accepted offer.',
      ]);
      expect(notes.map(([from]) => from)).toEqual([ana.id, seller.id, ana.id, ana.id]);
    });
    // The person's own message sits among the notes, in order.
    const messages = await thread(ana, seller, rug);
    expect(messages.map((m) => m.content)).toContain('Thanks for your offer!');
    expect(messages.find((m) => m.content === 'Thanks for your offer!')!.kind).toBeUndefined();

    // The sale ended Ben's offer: his conversation says so, in the seller's name.
    await eventually(async () =>
      expect(offerNotes(await thread(ben, seller, rug))).toEqual([
        [ben.id, 'Made an offer of $18.00.'],
        [seller.id, 'The offer of $18.00 ended: the item is no longer for sale.'],
      ]),
    );
    expect((await between(ben, seller, rug))[0]).toMatchObject({ status: 'ended', actions: [] });

    // Ben hears of it by the offer's mail, not again as a new message.
    await eventually(async () => {
      const mails = await mailsTo(maildev.webUrl, 'convoffben@example.com');
      expect(mails.map((m) => m.subject)).toContain('Andean rug is no longer for sale: your offer of $18.00 has ended');
    }, 20_000);
    const mails = await mailsTo(maildev.webUrl, 'convoffben@example.com');
    expect(mails.filter((m) => m.text?.includes('The offer of $18.00 ended'))).toEqual([]);
  });

  it('records a withdrawal and a decline, and keeps the unread count of the one who did not act', async () => {
    const cup = await listing('Tin cup');
    const first = await offer(ana, cup, '16').expect(201);
    await act(ana, first.body.id, 'withdraw').expect(200);
    const second = await offer(ana, cup, '17').expect(201);
    await act(seller, second.body.id, 'decline').expect(200);
    await eventually(async () =>
      expect(offerNotes(await thread(ana, seller, cup))).toEqual([
        [ana.id, 'Made an offer of $16.00.'],
        [ana.id, 'Withdrew the offer of $16.00.'],
        [ana.id, 'Made an offer of $17.00.'],
        [seller.id, 'Declined the offer of $17.00.'],
      ]),
    );
    const offers = await between(seller, ana, cup);
    expect(offers.map((o) => [o.id, o.status])).toEqual([
      [second.body.id, 'declined'],
      [first.body.id, 'withdrawn'],
    ]);
    // Ana's three steps are unread for the seller, who has not opened the thread.
    const conversations = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
    const withAna = conversations.body.find((c: { productId: string; unreadCount: number }) => c.productId === cup);
    expect(withAna.unreadCount).toBe(3);
  });

  it('refuses a half-given pair and ids that are not ids (400), and shows a stranger nothing', async () => {
    const bowl = await listing('Clay bowl');
    await offer(ana, bowl, '20').expect(201);
    await http.get(`/api/offers?productId=${bowl}`).set('Cookie', ana.cookie).expect(400);
    await http.get(`/api/offers?withUserId=${seller.id}`).set('Cookie', ana.cookie).expect(400);
    await http.get(`/api/offers?productId=nope&withUserId=${seller.id}`).set('Cookie', ana.cookie).expect(400);
    await http.get(`/api/offers?productId=${bowl}&withUserId=nope`).set('Cookie', ana.cookie).expect(400);
    await http.get(`/api/offers?productId=${bowl}&withUserId=${seller.id}`).expect(401);
    // Ben asks for the offers between himself and the seller, or Ana: none are his.
    expect(await between(ben, seller, bowl)).toEqual([]);
    expect(await between(ben, ana, bowl)).toEqual([]);
  });
});
