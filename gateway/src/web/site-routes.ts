import type { NextFunction, Request, Response, Router } from 'express';
import type { ProductPages } from './product-pages';
import { withProductPreview, type ProductPreviews } from './product-preview';
import { publicOrigin } from './public-origin';
import { robotsTxt, type Sitemaps } from './sitemap';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the gateway adds to the web app for crawlers, which read HTML and never run the app's script. */
export interface SiteForCrawlers {
  previews: ProductPreviews;
  sitemaps: Sitemaps;
  /** GatewayConfig.ALLOWED_ORIGINS: its first origin is the site's public address. */
  allowedOrigins: string;
  /** Product pages rendered for browsers too (the page in the HTML); without, the shell with the preview's tags. */
  productPages?: ProductPages | null;
}

/**
 * robots.txt, the sitemap, and product pages whose HTML already names the product (title, description, OpenGraph),
 * so a shared link shows the product. Every other page stays the app's shell; a product the gateway cannot read
 * (unknown, removed, catalog slow) gets the shell too, and the app shows what it finds.
 */
export function mountSiteRoutes(app: Router, shell: string, site: SiteForCrawlers): void {
  const fromRequest = !site.allowedOrigins.trim();
  /**
   * The address to write into the answer. Taken from the request's Host (no ALLOWED_ORIGINS), the answer varies by
   * Host, so a shared cache never serves one host's links to another; a Host that cannot be one is a 400.
   */
  const origin = (req: Request, res: Response): string | null => {
    const address = publicOrigin(site.allowedOrigins, req);
    if (!address) res.status(400).type('text/plain').send('The request has no valid Host header.');
    else if (fromRequest) res.vary('Host');
    return address;
  };
  const xml = (res: Response, body: string) =>
    res.setHeader('Cache-Control', 'public, max-age=3600').type('application/xml').send(body);
  const unavailable = (res: Response) =>
    res
      .status(503)
      .setHeader('Retry-After', '60')
      .type('text/plain')
      .send('The sitemap is unavailable for a moment. Please try again later.');

  app.get('/robots.txt', (req, res) => {
    const address = origin(req, res);
    if (address) res.setHeader('Cache-Control', 'public, max-age=3600').type('text/plain').send(robotsTxt(address));
  });
  app.get('/sitemap.xml', (req, res) => {
    const address = origin(req, res);
    if (address)
      site.sitemaps.sitemap(address).then(
        (body) => xml(res, body),
        () => unavailable(res),
      );
  });
  app.get('/sitemaps/pages.xml', (req, res) => {
    const address = origin(req, res);
    if (address) xml(res, site.sitemaps.pages(address));
  });
  app.get('/sitemaps/products.xml', (req, res) => {
    const after = req.query.after;
    if (after !== undefined && (typeof after !== 'string' || !UUID.test(after))) {
      res.status(400).type('text/plain').send('"after" must be a product id.');
      return;
    }
    const address = origin(req, res);
    if (address)
      site.sitemaps.products(address, after ?? null).then(
        (body) => xml(res, body),
        () => unavailable(res),
      );
  });
  app.get('/product/:id', (req: Request, res: Response, next: NextFunction) => {
    site.previews.find(String(req.params.id)).then((product) => {
      const address = product ? publicOrigin(site.allowedOrigins, req) : null;
      // No product, or no address to link it from: the app's shell, as for any page.
      if (!product || !address) return next();
      if (fromRequest) res.vary('Host');
      res.setHeader('Cache-Control', 'no-cache');
      const rendered = site.productPages ? site.productPages.page(product) : Promise.resolve(null);
      return rendered.then((page) => {
        res.type('html').send(withProductPreview(page ?? shell, product, address));
      });
    }, next);
  });
}
