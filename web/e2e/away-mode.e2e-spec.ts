import { browserWorld, callApi, listProduct } from './actors';
import { axeViolations } from './axe';
import { shot, unique, untilHydrated } from './browser';

/*
 * Away mode at phone and desktop size: the seller reads the notice (orders already paid keep their deadlines), picks
 * the date they are back and an away message, and turns it on; a buyer sees "Away until …" on the product page with
 * Buy Now disabled and on the seller's profile, and their message gets the automatic reply; "I'm back" ends it and Buy
 * Now works again. Axe on each state; screenshots to SHOTS_DIR.
 */
const world = browserWorld();

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

const DAY_MS = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const shown = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

describe.each(SIZES)('away mode at %s size', (_size, width, height) => {
  it('the seller goes away from Account settings; buyers see it and cannot buy until they are back', async () => {
    const seller = await world.member('Amara', { width, height });
    const buyer = await world.member('Bruno', { width, height });
    const product = await listProduct(seller.page, `Batik scarf ${unique()}`);
    const until = dateIn(14);

    await seller.page.goto('/account');
    const section = seller.page.getByRole('region', { name: 'Away mode' });
    await section.getByText('Orders already paid keep their ship-by deadlines').waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'away-mode-form');

    // A date too far ahead is explained under the field (the server's sentence).
    await section.getByLabel('I’m back on').fill(dateIn(120));
    await section.getByRole('button', { name: 'Turn on away mode' }).click();
    await section.getByText('The return date must be within 90 days').waitFor();

    await section.getByLabel('I’m back on').fill(until);
    await section.getByLabel('Away message (optional)').fill('Visiting family in Bali <3. I ship on my return!');
    await section.getByRole('button', { name: 'Turn on away mode' }).click();
    await section.getByText(`You’re away until ${shown(until)}`).waitFor();
    await section.getByText('Automatic reply: Visiting family in Bali <3. I ship on my return!').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await shot(seller.page, 'away-mode-on');

    // The buyer's view: the notice, Buy Now disabled, and the profile says so too.
    await buyer.page.goto(`/product/${product.id}`);
    await buyer.page.getByText(`Away until ${shown(until)}`).waitFor();
    // The page first shows the gateway's prerender (a guest's); the buyer's own page is React's, once hydrated.
    await untilHydrated(buyer.page.getByRole('button', { name: 'Buy Now' }));
    expect(await buyer.page.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);
    expect(await buyer.page.getByRole('link', { name: 'Buy Now' }).count()).toBe(0);
    expect(await axeViolations(buyer.page)).toEqual([]);
    await shot(buyer.page, 'away-mode-product');
    const refused = await callApi<{ message: string }>(buyer.page, 'POST', '/api/create-payment-intent', {
      productId: product.id,
      amount: 24.5,
      guestInfo: { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(shown(until));

    await buyer.page.goto(`/profile/${seller.id}`);
    await buyer.page.getByText(`Away until ${shown(until)}`).waitFor();
    expect(await axeViolations(buyer.page)).toEqual([]);
    await shot(buyer.page, 'away-mode-profile');

    // A message gets the away message back, marked as an automatic reply (escaped: the text shows as typed).
    const sent = await callApi(buyer.page, 'POST', '/api/messages', {
      toUserId: seller.id,
      productId: product.id,
      content: 'Hello! Could you hold it for me?',
    });
    expect(sent.status).toBe(201);
    await buyer.page.goto(`/messages?user=${seller.id}&product=${product.id}`);
    // The bubble in the open thread (on a phone the conversation list is hidden behind it).
    const reply = buyer.page.locator('li', { hasText: 'Automatic reply' });
    await reply.getByText('Visiting family in Bali <3. I ship on my return!').waitFor();
    expect(await axeViolations(buyer.page)).toEqual([]);
    await shot(buyer.page, 'away-mode-auto-reply');

    // "I'm back": Buy Now is a link to the checkout again.
    await seller.page.goto('/account');
    await section.getByRole('button', { name: 'I’m back' }).click();
    await section.getByRole('button', { name: 'Turn on away mode' }).waitFor();
    await buyer.page.goto(`/product/${product.id}`);
    await buyer.page.getByRole('link', { name: 'Buy Now' }).waitFor();
    expect(await buyer.page.getByText(/^Away until/).count()).toBe(0);
  });
});
