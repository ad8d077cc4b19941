import type { Browser } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson, unique } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('favourites', () => {
  it('hearts on Home and on the product page, lists them in the Favorites tab, un-hearts; others see their own hearts', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Somchai');
    const tag = unique();
    const lantern = await listProduct(seller.page, `Paper lantern ${tag}`);
    const elephant = await listProduct(seller.page, `Carved elephant ${tag}`);

    const guest = await newPerson(browser);
    await guest.page.goto(`/?search=${tag}`);
    await guest.page.getByRole('button', { name: `Add ${lantern.title} to favorites` }).click();
    await guest.page.getByText('You need to be logged in to add favorites').waitFor();

    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Maya');
    await buyer.page.goto(`/?search=${tag}`);
    await buyer.page.getByRole('button', { name: `Add ${lantern.title} to favorites` }).click();
    await buyer.page.getByText('Added to favorites').waitFor();
    await buyer.page.getByRole('button', { name: `Remove ${lantern.title} from favorites` }).waitFor();

    // Tapped as soon as it is on screen: the page arrives as the guest's, and the tap waits for the session.
    await buyer.page.goto(`/product/${elephant.id}`, { waitUntil: 'domcontentloaded' });
    await buyer.page.getByRole('button', { name: `Add ${elephant.title} to favorites` }).click();
    await buyer.page.getByText('Added to favorites').waitFor();

    await buyer.page.goto('/profile?tab=favorites');
    await buyer.page.getByText(lantern.title).waitFor();
    await buyer.page.getByText(elephant.title).waitFor();
    await buyer.page.getByRole('button', { name: `Remove ${lantern.title} from favorites` }).click();
    await buyer.page.getByText('Removed from favorites').waitFor();
    await buyer.page.getByText(lantern.title).waitFor({ state: 'detached' });
    await buyer.page.reload();
    await buyer.page.getByText(elephant.title).waitFor();
    expect(await buyer.page.getByText(lantern.title).count()).toBe(0);

    // Someone else sees their own (empty) hearts, and the API agrees.
    const other = await newPerson(browser);
    await registerPerson(other.page, 'Lek');
    await other.page.goto(`/?search=${tag}`);
    await other.page.getByRole('button', { name: `Add ${elephant.title} to favorites` }).waitFor();
    expect((await callApi<unknown[]>(other.page, 'GET', '/api/favorites')).body).toEqual([]);

    for (const p of [seller, guest, buyer, other]) await p.context.close();
  });

  it('pages the Favorites tab: 24 newest first, then Load More Products brings the other 2 and goes away', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Anong');
    const tag = unique();
    // Set up through the API (26 listings, 26 favourites): only the tab itself is driven in the browser.
    const products = await Promise.all(
      Array.from({ length: 26 }, (_, i) =>
        listProduct(seller.page, `Keepsake ${String(i + 1).padStart(2, '0')} ${tag}`),
      ),
    );

    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Niran');
    // One after another, so the order is known: the last favourited comes first, the first two are on page two.
    for (const product of products) {
      const res = await callApi(buyer.page, 'POST', '/api/favorites', { productId: product.id });
      expect(res.status).toBe(201);
    }

    await buyer.page.goto('/profile?tab=favorites');
    const cards = buyer.page.getByRole('article', { name: new RegExp(tag) });
    const loadMore = buyer.page.getByRole('button', { name: 'Load More Products' });
    await cards.first().waitFor();
    await loadMore.waitFor();
    expect(await cards.count()).toBe(24);
    expect(await cards.first().getAttribute('aria-label')).toBe(products[25].title);
    expect(await buyer.page.getByRole('article', { name: products[0].title, exact: true }).count()).toBe(0);
    expect(await buyer.page.getByRole('article', { name: products[1].title, exact: true }).count()).toBe(0);

    await loadMore.click();
    await buyer.page.getByRole('article', { name: products[0].title, exact: true }).waitFor();
    await loadMore.waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(26);
    expect(await cards.last().getAttribute('aria-label')).toBe(products[0].title);
    expect(await buyer.page.getByRole('button', { name: /load more/i }).count()).toBe(0);

    for (const p of [seller, buyer]) await p.context.close();
  });
});
