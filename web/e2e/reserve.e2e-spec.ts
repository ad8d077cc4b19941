import { browserWorld, callApi, listProduct } from './actors';
import { axeViolations } from './axe';
import { shot, unique } from './browser';

/*
 * The seller reserves an item from the conversation with the buyer who asked about it: "Reserve for Tomas" opens a
 * dialog with 48 hours chosen; once reserved the conversation says for whom and until when, with "Lift reservation".
 * Anyone else's product page says Reserved with Buy disabled and why; the buyer's says "Reserved for you until …"
 * with Buy Now; browse cards carry a Reserved chip. Lifting it from the conversation puts it back. 1280 and 390 px,
 * axe on each page; screenshots to SHOTS_DIR.
 */
const world = browserWorld();

describe.each([1280, 390])('reserving from a conversation at %i px', (width) => {
  it('the seller reserves the item for the buyer: only they can buy it until the seller lifts it', async () => {
    const seller = await world.member('Rosa', { width });
    const buyer = await world.member('Tomas', { width });
    const other = await world.member('Uma', { width });
    const product = await listProduct(seller.page, `Clay whistle ${unique()}`);
    const asked = await callApi(buyer.page, 'POST', '/api/messages', {
      toUserId: seller.id,
      productId: product.id,
      content: 'Could you hold it for me until Friday? I get paid then.',
    });
    expect(asked.status).toBe(201);

    await seller.page.goto(`/messages?user=${buyer.id}&product=${product.id}`);
    await seller.page.getByRole('log', { name: 'Messages with Tomas Tester' }).getByText('I get paid then').waitFor();
    const reservation = seller.page.getByRole('region', { name: 'Reservation' });
    await reservation.getByRole('button', { name: 'Reserve for Tomas' }).click();
    const dialog = seller.page.getByRole('dialog', { name: 'Reserve for Tomas Tester' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: '48 hours (2 days)' }).isChecked()).toBe(true);
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'reserve-dialog');
    await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await reservation.getByText(/^Reserved for Tomas until /).waitFor();
    await reservation.getByRole('button', { name: 'Lift reservation' }).waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'reserve-conversation-seller');

    const reserved = await callApi<{ reservedUntil?: string; reservedFor?: { id: string } }>(
      seller.page,
      'GET',
      `/api/products/${product.id}`,
    );
    expect(reserved.body.reservedFor?.id).toBe(buyer.id);
    const hoursLeft = (Date.parse(reserved.body.reservedUntil!) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThanOrEqual(48);

    // Anyone else: "Reserved" with Buy disabled, and why.
    await other.page.goto(`/product/${product.id}`);
    await other.page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    const buy = other.page.getByRole('button', { name: 'Reserved', exact: true });
    await buy.waitFor();
    expect(await buy.isDisabled()).toBe(true);
    await other.page.getByText(/The seller has reserved this item for another buyer until /).waitFor();
    expect(await other.page.getByRole('link', { name: 'Buy Now' }).count()).toBe(0);
    expect(await axeViolations(other.page)).toEqual([]);
    await shot(other.page, 'reserve-product-other');
    // The server refuses them too, with a sentence.
    const refused = await callApi<{ message: string }>(other.page, 'POST', '/api/create-payment-intent', {
      productId: product.id,
      amount: 24.5,
      guestInfo: { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/reserved for another buyer/);

    // Browse: the card carries a Reserved chip.
    await other.page.goto(`/?search=${encodeURIComponent(product.title)}`);
    await other.page.getByRole('article', { name: product.title }).getByText('Reserved', { exact: true }).waitFor();
    await shot(other.page, 'reserve-browse-card');

    // The buyer: reserved for them, Buy Now enabled; their conversation says so too.
    await buyer.page.goto(`/product/${product.id}`);
    await buyer.page.getByText(/^Reserved for you until .+\. Only you can buy it until then\.$/).waitFor();
    const buyNow = buyer.page.getByRole('link', { name: 'Buy Now' });
    await buyNow.waitFor();
    expect(await axeViolations(buyer.page)).toEqual([]);
    await shot(buyer.page, 'reserve-product-buyer');
    await buyer.page.goto(`/messages?user=${seller.id}&product=${product.id}`);
    const own = buyer.page.getByRole('region', { name: 'Reservation' });
    await own.getByText(/^Rosa reserved this item for you until /).waitFor();
    expect(await axeViolations(buyer.page)).toEqual([]);
    await shot(buyer.page, 'reserve-conversation-buyer');

    // The seller lifts it from the conversation: anyone may buy again.
    await reservation.getByRole('button', { name: 'Lift reservation' }).click();
    await reservation.getByRole('button', { name: 'Reserve for Tomas' }).waitFor();
    const lifted = await callApi<{ reservedUntil?: string }>(other.page, 'GET', `/api/products/${product.id}`);
    expect(lifted.body).not.toHaveProperty('reservedUntil');
    await other.page.goto(`/product/${product.id}`);
    await other.page.getByRole('link', { name: 'Buy Now' }).waitFor();
  });
});
