import type { Browser } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson, unique } from './browser';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

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

    await buyer.page.goto(`/product/${elephant.id}`);
    await buyer.page.getByRole('heading', { name: elephant.title }).waitFor();
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
});
