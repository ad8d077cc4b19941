import express from 'express';
import request from 'supertest';
import type { ProductPreviews } from './product-preview';
import { mountSiteRoutes } from './site-routes';
import type { Sitemaps } from './sitemap';

/** No ProductPreviews or Sitemaps calls happen on these routes' paths under test (robots.txt, the page sitemap). */
const site = (allowedOrigins: string) => {
  const app = express();
  const sitemaps = {
    pages: (origin: string) => `<urlset><url><loc>${origin}/</loc></url></urlset>`,
  } as unknown as Sitemaps;
  mountSiteRoutes(app, '<html></html>', { previews: {} as ProductPreviews, sitemaps, allowedOrigins });
  return request(app);
};

describe('the site routes take their address from the configuration, or else from the request', () => {
  it('with ALLOWED_ORIGINS, links use it whatever the Host says, and answers do not vary by Host', async () => {
    const res = await site('https://souvenirswap.example').get('/robots.txt').set('Host', 'evil.example').expect(200);
    expect(res.text).toContain('Sitemap: https://souvenirswap.example/sitemap.xml');
    expect(res.headers.vary ?? '').not.toMatch(/host/i);
  });

  it("without it, links use the request's host and answers vary by Host (a shared cache keeps hosts apart)", async () => {
    const res = await site('').get('/sitemaps/pages.xml').set('Host', 'shop.example:8080').expect(200);
    expect(res.text).toContain('<loc>http://shop.example:8080/</loc>');
    expect(res.headers.vary).toMatch(/host/i);
  });

  it('a Host that cannot be one is a 400, never a link', async () => {
    const res = await site('').get('/robots.txt').set('Host', 'evil.example/phish?').expect(400);
    expect(res.text).toBe('The request has no valid Host header.');
  });
});
