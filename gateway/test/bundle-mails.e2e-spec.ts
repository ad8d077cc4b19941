import { eventually, mailsTo } from '@souvenir/testing';
import { aListing, join, payIntent, shipping, type Account } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/*
 * A bundle order's mails and bell sentences name its items, black-box over HTTP with the real services and a real
 * MailDev: the subject counts the items after the first ("Tile A and 2 more items"), the body lists every one, and
 * the bell says the same in a few words; a single item's stay as they were.
 */
const { maildev, http } = gatewayWorld({
  services: ['identity', 'catalog', 'payments', 'notifications'],
  mail: true,
  gateway: { RPC_TIMEOUT_MS: '4000' },
});

let seller: Account;
let buyer: Account;

const TITLES = ['Tile A', 'Tile B', 'Tile C'];

async function listing(title: string): Promise<string> {
  return (await http.post('/api/products').set('Cookie', seller.cookie).send(aListing(title)).expect(201)).body.id;
}

const bell = async (who: Account): Promise<string[]> =>
  ((await http.get('/api/notifications').set('Cookie', who.cookie).expect(200)).body.items as { text: string }[]).map(
    (n) => n.text,
  );

beforeAll(async () => {
  seller = await join(http, 'tileseller', 'Tess');
  buyer = await join(http, 'tilebuyer', 'Bram');
}, 60_000);

describe('a bundle order', () => {
  it('is named by its items in the receipt, the sale mail, later mails and both bells', async () => {
    const ids = [];
    for (const title of TITLES) ids.push(await listing(title));
    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', buyer.cookie)
      .send({ productIds: ids, amount: '90.00', guestInfo: shipping })
      .expect(200);
    const { orderId } = await payIntent(http, intent.body, buyer);

    const receipt = await eventually(async () => {
      const found = (await mailsTo(maildev.webUrl, 'tilebuyer@example.com')).find((m) => /receipt/.test(m.subject));
      expect(found).toBeDefined();
      return found!;
    }, 20_000);
    expect(receipt.subject).toBe('Your Souvenir Swap receipt: Tile A and 2 more items');
    for (const title of TITLES) {
      expect(receipt.text).toContain(title);
      expect(receipt.html).toContain(title);
    }
    const sale = await eventually(async () => {
      const found = (await mailsTo(maildev.webUrl, 'tileseller@example.com')).find(
        (m) => m.subject === 'You made a sale on Souvenir Swap',
      );
      expect(found).toBeDefined();
      return found!;
    }, 20_000);
    for (const title of TITLES) expect(sale.text).toContain(title);

    await eventually(async () => {
      expect(await bell(seller)).toContain('You sold Tile A and 2 more items: please ship it');
    }, 20_000);

    await http
      .post(`/api/orders/${orderId}/ship`)
      .set('Cookie', seller.cookie)
      .send({ carrier: 'USPS', trackingNumber: '9400100000000000000000' })
      .expect(200);
    await eventually(async () => {
      expect(await bell(buyer)).toContain('Your order of Tile A and 2 more items was shipped');
      const shipped = (await mailsTo(maildev.webUrl, 'tilebuyer@example.com')).find(
        (m) => m.subject === 'Your Souvenir Swap order was shipped',
      );
      expect(shipped).toBeDefined();
      for (const title of TITLES) expect(shipped!.text).toContain(title);
    }, 20_000);
  }, 120_000);

  it('a single item keeps its one name', async () => {
    const id = await listing('Lone tile');
    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', buyer.cookie)
      .send({ productId: id, amount: '30.00', guestInfo: shipping })
      .expect(200);
    await payIntent(http, intent.body, buyer);
    await eventually(async () => {
      const subjects = (await mailsTo(maildev.webUrl, 'tilebuyer@example.com')).map((m) => m.subject);
      expect(subjects).toContain('Your Souvenir Swap receipt: Lone tile');
      expect(await bell(seller)).toContain('You sold Lone tile: please ship it');
    }, 20_000);
  }, 60_000);
});
