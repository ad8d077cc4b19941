import { browserWorld, listProduct } from './actors';
import { axeViolations } from './axe';
import { shot, unique } from './browser';

/*
 * "Download my data" on the account page, at phone and desktop size: the button, "Preparing your data…" while
 * identity's job runs, then the download link with the date it stops working; the link gives the zip. Axe on each
 * state. Screenshots go to SHOTS_DIR when it is set.
 */
const world = browserWorld();

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

describe.each(SIZES)('"Download my data" at %s size', (_size, width, height) => {
  it('prepares the archive, then offers the zip until its expiry', async () => {
    const { page } = await world.member('Dana', { location: 'Lisbon, Portugal', width, height });
    await listProduct(page, `Cork coaster set ${unique()}`, { price: 18 });

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Download my data' });
    await section.getByRole('button', { name: 'Download my data' }).click();
    await section.getByText('Preparing your data…').waitFor();
    expect(await section.getByRole('button', { name: 'Download my data' }).isDisabled()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'data-export-preparing');

    // Generous: the job asks every service, and a busy machine shares two cores among them.
    const link = section.getByRole('link', { name: 'Download your data (zip)' });
    await link.waitFor({ timeout: 60_000 });
    await expect(section.getByText(/^Available until /).textContent()).resolves.toMatch(/\d{4}/);
    expect(await axeViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'data-export-ready');

    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/me\/export\/[0-9a-f-]{36}$/);
    const zip = await page.request.get(href);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  });
});
