import { browserWorld, callApi, listProduct } from './actors';
import { axeViolations } from './axe';
import { shot, unique } from './browser';

/*
 * Saved searches in the browser: a member searches on Home and saves the search; another member lists an item that
 * matches; the first one's bell shows it without a reload; their Saved searches page lists the search with its new
 * match, runs it, and deletes it. A guest who taps "Save this search" is asked to sign in. 1280 and 390 px, axe on
 * Home and the page; screenshots to SHOTS_DIR.
 */
const world = browserWorld();

describe.each([1280, 390])('saved searches at %i px', (width) => {
  it('a guest is asked to sign in to save a search', async () => {
    const guest = await world.person({ width });
    await guest.page.goto(`/?search=lacquer${unique()}`);
    await guest.page.getByRole('button', { name: 'Save this search' }).click();
    await guest.page.getByRole('dialog', { name: /Sign In/i }).waitFor();
  });

  it('saves a search on Home, and the bell tells of a matching listing without a reload', async () => {
    const word = `zapotec${unique()}`;
    const owner = await world.member('Ines', { width });
    const seller = await world.member('Sol');

    await owner.page.goto('/');
    // Nothing to save without words or a filter.
    await owner.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await owner.page.getByRole('button', { name: 'Save this search' }).count()).toBe(0);
    await owner.page.goto(`/?search=${word}%20rug&maxPrice=80`);
    const save = owner.page.getByRole('button', { name: 'Save this search' });
    await save.click();
    await owner.page.getByText('Search saved').first().waitFor();
    await owner.page.getByRole('button', { name: 'Search saved' }).waitFor();
    expect(await axeViolations(owner.page)).toEqual([]);
    await shot(owner.page, `saved-searches-home`);

    await owner.page.getByRole('button', { name: 'Notifications', exact: true }).first().waitFor();
    // Another member lists a match, and an item that does not match (over the price).
    await listProduct(seller.page, `Dear ${word} rug`, { price: 120 });
    const match = await listProduct(seller.page, `Woven ${word} rug`, { price: 45 });

    await owner.page.getByRole('button', { name: 'Notifications, 1 unread' }).first().click({ timeout: 15_000 });
    const note = owner.page.getByRole('link', { name: new RegExp(`New match for your saved search .*${match.title}`) });
    await note.waitFor();
    expect(await axeViolations(owner.page)).toEqual([]);
    await shot(owner.page, `saved-searches-bell`);
    await note.click();
    await owner.page.waitForURL(new RegExp(`/product/${match.id}$`));

    await owner.page.goto('/saved-searches');
    const row = owner.page.getByRole('listitem').filter({ hasText: `“${word} rug”` });
    await row.getByText('1 new match').waitFor();
    await row.getByText('up to $80').waitFor();
    expect(await axeViolations(owner.page)).toEqual([]);
    await shot(owner.page, `saved-searches-page`);

    await row.getByRole('link', { name: /^Run search/ }).click();
    await owner.page.waitForURL(/\/\?search=/);
    await owner.page
      .getByRole('link', { name: new RegExp(match.title) })
      .first()
      .waitFor();

    await owner.page.goto('/saved-searches');
    await owner.page.getByRole('button', { name: /Delete saved search/ }).click();
    await owner.page.getByRole('heading', { name: 'No saved searches yet' }).waitFor();
    expect(await axeViolations(owner.page)).toEqual([]);
    await shot(owner.page, `saved-searches-empty`);
    expect((await callApi<unknown[]>(owner.page, 'GET', '/api/saved-searches')).body).toEqual([]);
  });
});
