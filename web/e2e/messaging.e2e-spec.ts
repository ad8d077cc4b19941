import { jest } from '@jest/globals';
import { eventually } from '@souvenir/testing';
import type { Browser, Request } from 'playwright-core';
import { listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson, unique } from './browser';
import { withoutLiveStream } from './without-live-stream';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Seen once in four full CI runs on 2026-11-23 (never alone): under the whole suite's load the buyer's page did
// not show its message as Read within 30 s. A likely cause was found and fixed on 2026-11-24: the gateway could
// remember, after the seller's read had made it forget the buyer's inbox version, the older version of a buyer's
// poll that had been read just before (InboxFreshness, "does not remember an answer that was being read when its
// user was forgotten"), and then answer the buyer's polls 304 with the unread view. Another was found on
// 2026-11-24 (mid-morning): the check for the Read mark used getByTitle('Read'), which never matched the mark (an SVG
// <title>) but the header's "Messages, 1 unread" link, so it passed only while the badge still counted the reply.
// The retry stays until full CI runs show the flake gone; every attempt uses new people, so a retry is a fresh scenario, and a failed attempt's
// errors are printed.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

describe('messaging', () => {
  it('a buyer asks about an item, the seller sees it without reloading, replies, and the buyer sees the reply and read marks', async () => {
    const seller = await newPerson(browser);
    // The spec's polling, as it works when the live stream is down (web/e2e/live.e2e-spec.ts has the stream).
    await withoutLiveStream(seller.context);
    await registerPerson(seller.page, 'Rosa');
    const product = await listProduct(seller.page, `Alpaca wool poncho ${unique()}`);
    // The open page's polls revalidate (If-None-Match) and unchanged answers come back 304 without a body (Chromium
    // then reports the cached answer as 200, so the transferred body size tells them apart).
    // Only until they have been checked: the page keeps polling, and a poll still being read when the test closes
    // the browser would reject after the test (seen once in CI).
    const listPolls: Promise<{ revalidated: boolean; bodyBytes: number }>[] = [];
    const recordPoll = (request: Request) => {
      if (new URL(request.url()).pathname !== '/api/messages/conversations') return;
      listPolls.push(
        Promise.all([request.allHeaders(), request.sizes()]).then(([headers, sizes]) => ({
          revalidated: !!headers['if-none-match'],
          bodyBytes: sizes.responseBodySize,
        })),
      );
    };
    seller.page.on('requestfinished', recordPoll);
    await seller.page.goto('/messages');
    await seller.page.getByText('No conversations yet').waitFor();
    // An unchanged inbox is revalidated without a body (304) before anything changes. Waited for, not assumed: the
    // buyer below may well send within the first 3-s poll interval.
    await eventually(
      async () => expect((await Promise.all(listPolls)).some((p) => p.revalidated && p.bodyBytes === 0)).toBe(true),
      10_000,
      250,
    );

    const buyer = await newPerson(browser);
    await withoutLiveStream(buyer.context);
    await registerPerson(buyer.page, 'Tom');
    await buyer.page.goto(`/product/${product.id}`);
    const box = buyer.page.getByRole('textbox', { name: 'Message to the seller' });
    await box.waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);
    await box.fill('Hello! Is the poncho still available in size M?');
    await buyer.page.getByRole('button', { name: 'Send Message' }).click();
    await buyer.page.getByText('Your message has been sent to the seller').waitFor();
    expect(await box.inputValue()).toBe('');

    // The seller's open page picks it up by polling (3 s), with an unread badge.
    const conversation = seller.page
      .getByRole('button', { name: new RegExp(`^Tom Tester, .*, ${product.title}: .*, 1 unread$`) })
      .or(seller.page.getByRole('link', { name: new RegExp(`^Tom Tester, .*, ${product.title}: .*, 1 unread$`) }));
    await conversation.first().waitFor({ timeout: 8000 });
    await seller.page.getByRole('link', { name: 'Messages, 1 unread' }).waitFor({ timeout: 8000 });
    seller.page.off('requestfinished', recordPoll);
    const polls = await Promise.all(listPolls);
    expect(polls.some((p) => p.revalidated && p.bodyBytes === 0)).toBe(true);
    // The poll after the change revalidated too, and brought the new list.
    expect(polls.some((p) => p.revalidated && p.bodyBytes > 2)).toBe(true);
    await conversation.first().click();
    await seller.page.getByText('Is the poncho still available in size M?').waitFor();
    const composer = seller.page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Yes, it is!');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Happy to ship tomorrow.');
    await composer.press('Enter');
    // In the thread (the list's preview of the latest message shows it too once the list reloads).
    await seller.page
      .getByRole('log', { name: /^Messages with/ })
      .getByText('Happy to ship tomorrow.')
      .waitFor();
    // The composer clears once the server has accepted the message.
    await seller.page.waitForFunction(
      () => (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement | null)?.value === '',
    );

    // The buyer sees the reply, and their own message carries the read mark.
    await buyer.page.goto(`/messages?product=${product.id}`);
    await buyer.page
      .getByRole('log', { name: /^Messages with/ })
      .getByText('Happy to ship tomorrow.')
      .waitFor();
    // The mark is an icon named by its SVG title (getByTitle, which reads title attributes, used to find the header's
    // "Messages, 1 unread" link instead).
    await buyer.page
      .getByRole('log', { name: /^Messages with/ })
      .getByRole('img', { name: 'Read', exact: true })
      .first()
      .waitFor();

    // A third person sees nothing of it.
    const third = await newPerson(browser);
    await registerPerson(third.page, 'Eve');
    await third.page.goto('/messages');
    await third.page.getByText('No conversations yet').waitFor();

    for (const p of [seller, buyer, third]) await p.context.close();
  });
});
