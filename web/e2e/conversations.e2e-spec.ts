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

describe('the conversation list, a page at a time', () => {
  it('shows the newest 24 conversations, loads older ones, searches all of them, and opens a link to an older one', async () => {
    // A buyer with 26 conversations: the oldest with Ines about a lamp, then 25 with Rosa about 25 items.
    const ines = await newPerson(browser);
    const inesUser = await registerPerson(ines.page, 'Ines');
    const lamp = await listProduct(ines.page, `Moroccan brass lamp ${unique()}`);
    const rosa = await newPerson(browser);
    const rosaUser = await registerPerson(rosa.page, 'Rosa');
    const items = [];
    for (let i = 0; i < 25; i++) items.push(await listProduct(rosa.page, `Woven basket no. ${i} ${unique()}`));
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Tom');
    const write = async (toUserId: string, productId: string, content: string) =>
      expect((await callApi(buyer.page, 'POST', '/api/messages', { toUserId, productId, content })).status).toBe(201);
    await write(inesUser.id, lamp.id, 'Does the lamp come with a bulb?');
    for (const [i, item] of items.entries()) await write(rosaUser.id, item.id, `Question ${i} about the basket`);

    await buyer.page.goto('/messages');
    const list = buyer.page.getByRole('list', { name: 'Conversations' });
    const rows = list.getByRole('button');
    await buyer.page.getByRole('button', { name: 'Load older conversations' }).waitFor();
    expect(await rows.count()).toBe(24);
    await buyer.page.getByRole('button', { name: 'Load older conversations' }).click();
    await list.getByRole('button', { name: new RegExp(`^Ines Tester, .*, ${lamp.title}: `) }).waitFor();
    expect(await rows.count()).toBe(26);
    expect(await buyer.page.getByRole('button', { name: 'Load older conversations' }).count()).toBe(0);

    // The server searches every conversation, loaded or not.
    await buyer.page.reload();
    await buyer.page.getByRole('button', { name: 'Load older conversations' }).waitFor();
    await buyer.page.getByRole('searchbox', { name: 'Search conversations' }).fill('brass lamp');
    await list.getByRole('button', { name: new RegExp(`^Ines Tester, .*, ${lamp.title}: `) }).waitFor();
    expect(await rows.count()).toBe(1);
    await buyer.page.getByRole('searchbox', { name: 'Search conversations' }).fill('no such words anywhere');
    await buyer.page.getByText('No conversations found').waitFor();

    // A link to the conversation with Ines (as from her profile) finds it on the older page and opens it.
    await buyer.page.goto(`/messages?user=${inesUser.id}`);
    await buyer.page.waitForURL(new RegExp(`product=${lamp.id}`));
    await buyer.page
      .getByRole('region', { name: 'Conversation', exact: true })
      .getByText('Does the lamp come with a bulb?', { exact: true })
      .waitFor();
    await Promise.all([ines.context.close(), rosa.context.close(), buyer.context.close()]);
  });
});
