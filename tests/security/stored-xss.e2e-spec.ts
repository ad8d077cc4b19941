/// <reference lib="dom" />
// (the DOM types: page.evaluate callbacks run in the browser)
// Stored XSS: script payloads saved through the API in every user-written field, then rendered by the built web
// app in Chromium on every page that shows them. No payload may run (window.__xss stays undefined, no dialog).
import { chromium, type Browser, type Page } from 'playwright-core';
import { type Client, client, type RunningStack, startChildStack } from '../support/stack';

const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '"><svg onload=window.__xss=1>',
  'javascript:window.__xss=1',
  "'><iframe srcdoc='<script>parent.__xss=1</script>'>",
  '<a href="javascript:window.__xss=1">x</a>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(document.domain)>',
];

let stack: RunningStack;
let http: Client;
let browser: Browser;
let seller: { id: string; username: string };
let buyer: { id: string; username: string };
const products: string[] = [];

async function join(prefix: string, firstName: string, lastName: string, location: string) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const res = await http('POST', '/api/auth/register', {
    body: { email: `${username}@example.com`, password: 'secret1', username, firstName, lastName, location },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, username, cookie: res.cookie };
}

beforeAll(async () => {
  stack = await startChildStack();
  http = client(stack.url);
  const s = await join('xseller', PAYLOADS[0].slice(0, 50), PAYLOADS[1], PAYLOADS[2]);
  const b = await join('xbuyer', PAYLOADS[2], PAYLOADS[0].slice(0, 50), PAYLOADS[5]);
  seller = s;
  buyer = b;
  for (const [i, payload] of PAYLOADS.entries()) {
    const res = await http('POST', '/api/products', {
      cookie: s.cookie,
      body: {
        title: `${payload} #${i}`.slice(0, 100),
        description: `${payload} ${PAYLOADS[(i + 1) % PAYLOADS.length]} padding text`.slice(0, 1000),
        price: '10.00',
        condition: 'new',
        category: payload.slice(0, 50),
        country: payload.slice(0, 60),
        images: ['https://example.com/x.jpg'],
      },
    });
    expect(res.status).toBe(201);
    products.push(res.body.id);
    expect(
      (
        await http('POST', '/api/messages', {
          cookie: b.cookie,
          body: { toUserId: s.id, productId: res.body.id, content: PAYLOADS.join(' ') },
        })
      ).status,
    ).toBe(201);
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Opens a page in a fresh profile (optionally signed in) and reports whether anything executed. */
async function visit(
  path: string,
  signInAs: string | null,
  afterLoad: (page: Page) => Promise<void> = async () => undefined,
  showsPayloads = true,
) {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  try {
    if (signInAs) {
      await page.goto('/how-it-works');
      const status = await page.evaluate(
        async (username) =>
          (
            await fetch('/api/auth/login', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ username, password: 'secret1' }),
            })
          ).status,
        signInAs,
      );
      expect(status).toBe(200);
    }
    await page.goto(path);
    await afterLoad(page);
    // Wait until the app has rendered the stored payloads (as text), then give scripts a chance to run.
    if (showsPayloads) {
      await page
        .waitForFunction(
          (prefixes) => prefixes.some((p) => document.body.innerText.includes(p)),
          PAYLOADS.map((p) => p.slice(0, 20)),
          { timeout: 20_000 },
        )
        .catch(() => undefined);
    }
    await page.waitForLoadState('networkidle');
    const text = await page.evaluate(() => document.body.innerText);
    const xss = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
    return { text, xss, dialogs };
  } finally {
    await context.close();
  }
}

const seesPayloadAsText = (text: string) => {
  if (!PAYLOADS.some((p) => text.includes(p.slice(0, 20))))
    throw new Error(`no payload shown as text in: ${text.slice(0, 1500)}`);
};

describe('stored XSS', () => {
  it('home page: titles, countries and seller names render as text', async () => {
    const r = await visit('/', null);
    seesPayloadAsText(r.text);
    expect(r.xss).toBeUndefined();
    expect(r.dialogs).toEqual([]);
  });

  it('categories page (fixed category names; then browsing the payload category and country)', async () => {
    const r = await visit('/categories', buyer.username, async () => undefined, false);
    expect(r.xss).toBeUndefined();
    expect(r.dialogs).toEqual([]);
    for (const payload of PAYLOADS.slice(0, 3)) {
      const filtered = await visit(
        `/?categories=${encodeURIComponent(payload.slice(0, 50))}&country=${encodeURIComponent(payload.slice(0, 60))}`,
        null,
        async () => undefined,
        false,
      );
      expect(filtered.xss).toBeUndefined();
      expect(filtered.dialogs).toEqual([]);
    }
  });

  it('every product page (title, description, category, country, seller card), as a guest and signed in', async () => {
    for (const [i, id] of products.entries()) {
      const r = await visit(`/product/${id}`, i % 2 ? buyer.username : null);
      seesPayloadAsText(r.text);
      expect(r.xss).toBeUndefined();
      expect(r.dialogs).toEqual([]);
    }
  });

  it('profile pages (names, location, listings), the owner and a visitor', async () => {
    for (const [path, who] of [
      [`/profile/${seller.id}`, seller.username],
      [`/profile/${seller.id}`, null],
      [`/profile/${buyer.id}`, buyer.username],
    ] as const) {
      const r = await visit(path, who);
      seesPayloadAsText(r.text);
      expect(r.xss).toBeUndefined();
      expect(r.dialogs).toEqual([]);
    }
  });

  it('messages: the conversation list and an open thread, for both parties', async () => {
    for (const who of [seller.username, buyer.username]) {
      const r = await visit('/messages', who, async (page) => {
        await page.locator('.MuiListItemButton-root').first().click();
        await page.locator('[role="log"]').getByText(PAYLOADS[0]).first().waitFor();
      });
      seesPayloadAsText(r.text);
      expect(r.xss).toBeUndefined();
      expect(r.dialogs).toEqual([]);
    }
  });

  it('refuses image URLs other than http(s) (400)', async () => {
    const cookie = (await http('POST', '/api/auth/login', { body: { username: seller.username, password: 'secret1' } }))
      .cookie;
    for (const url of [
      'javascript:window.__xss=1',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/a.jpg',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
    ]) {
      const res = await http('POST', '/api/products', {
        cookie,
        body: {
          title: 'Image URL check',
          description: 'Checking that only web image addresses are accepted.',
          price: '1.00',
          condition: 'new',
          category: 'Art',
          country: 'Peru',
          images: [url],
        },
      });
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body).toMatchObject({ statusCode: 400, errors: expect.any(Array) });
    }
  });
});
