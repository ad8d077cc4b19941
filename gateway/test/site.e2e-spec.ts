import type { INestApplication } from '@nestjs/common';
import { RpcClient } from '@souvenir/platform';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import request from 'supertest';
import { Sitemaps } from '../src/web/sitemap';
import { cookieOf, join, startGateway } from './gateway-harness';

// The shell as the web build writes it: a generic title, description and OpenGraph tags, an empty #root.
const dist = mkdtempSync(joinPath(tmpdir(), 'web-dist-'));
const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Souvenir Swap: souvenirs from travellers." />
<meta property="og:title" content="Souvenir Swap" />
<title>Souvenir Swap · Travel treasures, shipped from home</title>
</head><body><div id="root"></div></body></html>`;
writeFileSync(
  joinPath(dist, 'index.html'),
  '<html><head><title>Home</title></head><body><div id="root"><h1>Home</h1></div></body></html>',
);
writeFileSync(joinPath(dist, 'spa.html'), SHELL);

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: string;
const listed: string[] = [];

const listing = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Thrown by hand in Kyoto, glazed in ash, and carried home wrapped in a scarf.',
  price: '48.00',
  condition: 'like-new',
  category: 'Ceramics & Pottery',
  country: 'Japan',
  images: ['https://example.com/bowl.jpg'],
  isCustomsVerified: true,
  ...extra,
});
const list = async (title: string, extra: Record<string, unknown> = {}) => {
  const res = await http.post('/api/products').set('Cookie', seller).send(listing(title, extra)).expect(201);
  listed.push(res.body.id);
  return res.body.id as string;
};

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  gateway = await startGateway(infra, { WEB_DIST: dist, ALLOWED_ORIGINS: 'https://souvenirswap.example' });
  http = request(gateway.getHttpServer());
  seller = (await join(http, 'potter', 'Aiko')).cookie;
});

afterAll(async () => {
  await gateway?.close();
  for (const s of services.reverse()) await s.close();
  await infra?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('link previews', () => {
  it('answers a product page with its title, description, photo and address in the head, for crawlers that run no script', async () => {
    const id = await list('Tea bowl');
    const res = await http.get(`/product/${id}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<title>Tea bowl from Japan · Souvenir Swap</title>');
    expect(res.text).toContain('<meta property="og:title" content="Tea bowl from Japan · Souvenir Swap" />');
    expect(res.text).toContain(
      '<meta property="og:description" content="Thrown by hand in Kyoto, glazed in ash, and carried home wrapped in a scarf." />',
    );
    expect(res.text).toContain('<meta property="og:image" content="https://example.com/bowl.jpg" />');
    // The photo is the page's largest paint: the browser starts it with the HTML, not after the app has rendered.
    expect(res.text).toContain(
      '<link rel="preload" as="image" href="https://example.com/bowl.jpg" fetchpriority="high" />',
    );
    expect(res.text).toContain(`<meta property="og:url" content="https://souvenirswap.example/product/${id}" />`);
    // The shell's generic tags are replaced, not repeated; the page is still the app's shell.
    expect(res.text.match(/og:title/g)).toHaveLength(1);
    expect(res.text.match(/name="description"/g)).toHaveLength(1);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('escapes what a seller wrote: quotes and a script tag stay text', async () => {
    const title = 'The "best" </title><script>alert(1)</script>';
    const id = await list(title, { description: `Isn't it "lovely"? <script>alert('x')</script> & more words here.` });
    const res = await http.get(`/product/${id}`).expect(200);
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain(
      '<title>The &#34;best&#34; &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; from Japan · Souvenir Swap</title>',
    );
    expect(res.text).toContain(
      'content="Isn&#39;t it &#34;lovely&#34;? &#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62; &#38; more words here."',
    );
  });

  it('gives every other page, an unknown product and a malformed id the plain shell', async () => {
    for (const path of [
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/not-an-id',
      '/categories',
      '/no/such/page',
    ]) {
      const res = await http.get(path).expect(200);
      expect(res.text).toBe(SHELL);
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows the shop, keeps crawlers out of the API and private pages, and names the sitemap', async () => {
    const res = await http.get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('User-agent: *\nAllow: /\n');
    expect(res.text).toContain('Disallow: /api/\n');
    expect(res.text).toContain('Disallow: /checkout\n');
    expect(res.text).toContain('Disallow: /bundle\n');
    expect(res.text).toContain('Sitemap: https://souvenirswap.example/sitemap.xml');
  });

  it('the sitemap lists the public pages and every active product, not removed ones', async () => {
    const removed = await list('Removed lacquer box');
    await http.delete(`/api/products/${removed}`).set('Cookie', seller).expect(204);
    const res = await http.get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.text).toContain('<loc>https://souvenirswap.example/</loc>');
    expect(res.text).toContain('<loc>https://souvenirswap.example/terms</loc>');
    for (const id of listed.filter((id) => id !== removed))
      expect(res.text).toContain(`<loc>https://souvenirswap.example/product/${id}</loc>`);
    expect(res.text).not.toContain(removed);
  });

  it("past one file's worth of URLs it is an index of keyset-paged files that together list each product once", async () => {
    for (const title of ['Kokeshi doll', 'Furoshiki cloth', 'Daruma doll']) await list(title);
    const active = listed.filter((id) => id !== listed[2]).sort(); // listed[2] was removed above
    // Seven URLs a file: the five pages leave room for two products in a single file, so five products need an index.
    const sitemaps = new Sitemaps(gateway.get(RpcClient), 7);
    const index = await sitemaps.sitemap('https://s.example');
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(files[0]).toBe('https://s.example/sitemaps/pages.xml');
    const found: string[] = [];
    for (const file of files.slice(1)) {
      const after = new URL(file).searchParams.get('after');
      found.push(
        ...[...(await sitemaps.products('https://s.example', after)).matchAll(/product\/([0-9a-f-]+)</g)].map(
          (m) => m[1],
        ),
      );
    }
    expect(found).toEqual(active);
    // The gateway answers the files too, and refuses a cursor that is not an id.
    const file = await http.get(`/sitemaps/products.xml?after=${active[0]}`).expect(200);
    expect(file.text).not.toContain(active[0]);
    expect(file.text).toContain(active[1]);
    await http.get('/sitemaps/products.xml?after=%3Cscript%3E').expect(400);
  });
});

describe('the signed-in hint', () => {
  it('is set beside the session cookie (which stays first), readable by the app, and cleared at sign-out', async () => {
    const res = await http.post('/api/auth/login').send({ username: 'potter', password: 'secret1' }).expect(200);
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies[0]).toMatch(/^souvenir\.sid=/);
    const hint = cookies.find((c) => c.startsWith('souvenir.signed-in='));
    expect(hint).toMatch(/^souvenir\.signed-in=1; Path=\/; Expires=.+; SameSite=Lax$/);
    expect(hint).not.toMatch(/HttpOnly/i);
    const out = await http.post('/api/auth/logout').set('Cookie', cookieOf(res)).expect(204);
    expect((out.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('souvenir.signed-in='))).toMatch(
      /^souvenir\.signed-in=; .*Expires=Thu, 01 Jan 1970/,
    );
    // A guest's request sets neither.
    expect((await http.get('/api/products').expect(200)).headers['set-cookie']).toBeUndefined();
  });
});
