import { type Express, type NextFunction, type Request, type Response, Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { inlineScriptHashes, pageContentSecurityPolicy } from '../security/security-headers';
import { ProductPages } from './product-pages';
import { mountSiteRoutes, type SiteForCrawlers } from './site-routes';

/**
 * Serves the built web app: hashed assets cached for a year; at "/" index.html, which holds Home prerendered;
 * and for every other non-API path the empty shell spa.html, so the app's router (and its own 404 page) decides
 * what to show. A build without the prerender step (spa.html missing) serves index.html everywhere. Files are sent
 * in the build's compressed copies when the browser accepts them. With `site`, robots.txt, the sitemap and product
 * pages that name their product for link previews (site-routes.ts), rendered here when the build has its server
 * bundle (product-pages.ts).
 */
export function serveWebApp(app: Express, webDist: string, site?: SiteForCrawlers): void {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return;
  const shell = existsSync(join(webDist, 'spa.html')) ? '/spa.html' : '/index.html';
  // Every file of the app (pages, and SVGs that a browser would run scripts in) gets the pages' policy, whose inline
  // script hashes are read from the pages as built (the gateway serves this build until it restarts).
  const pagePolicy = pageContentSecurityPolicy(
    ['index.html', 'spa.html', 'product.html']
      .filter((page) => existsSync(join(webDist, page)))
      .flatMap((page) => inlineScriptHashes(readFileSync(join(webDist, page), 'utf8'))),
  );
  // The app's handlers in a router of their own, entered only by paths that are not the gateway's (below): an API
  // request skips them all at once instead of walking each one. Same matching rules as the app's router.
  const web = Router({ caseSensitive: true, strict: true });
  web.use((req: Request, res: Response, next: NextFunction) => {
    if (!isServerPath(req.path)) res.setHeader('Content-Security-Policy', pagePolicy);
    next();
  });
  web.use('/assets', withRoot(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }));
  if (site)
    mountSiteRoutes(web, readFileSync(join(webDist, shell), 'utf8'), {
      ...site,
      productPages: ProductPages.fromBuild(webDist),
    });
  // API and health requests never reach the file system: without this guard every API call paid an fs.stat of
  // `<webDist>/api/...` and the ENOENT error it raises (~11 % of the gateway's CPU under load).
  const files = withRoot(webDist, { maxAge: '1h' });
  // The build's server bundle (dist/server, which renders product pages here) is read from disk, never sent.
  web.use((req: Request, res: Response, next: NextFunction) =>
    isServerPath(req.path) || isServerBundle(req.path) ? next() : files(req, res, next),
  );
  // The pages: always revalidated (they name the current build's hashed assets).
  const pages = withRoot(webDist, { cacheControl: false });
  web.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isServerPath(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    req.url = req.path === '/' ? '/index.html' : shell;
    return pages(req, res, next);
  });
  app.use((req: Request, res: Response, next: NextFunction) => (isServerPath(req.path) ? next() : web(req, res, next)));
}

/**
 * The files under `root`, in the build's .br or .gz copy (web/scripts/compress.mjs) when the browser accepts one,
 * brotli first; a file without copies is sent as it is (and the compression middleware may still compress it).
 */
function withRoot(root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: { index: false, ...serveStatic },
  });
}

/**
 * Whether a path names the build's server bundle however it is spelled: the static middleware decodes
 * percent-escapes and joins the path to its root, so `/%73erver/…` and `//server/…` reach the same file as
 * `/server/…`. A path that does not decode is treated as the bundle's (refused here, answered by the pages).
 */
function isServerBundle(path: string): boolean {
  try {
    return posix.normalize(decodeURIComponent(path)).startsWith('/server/');
  } catch {
    return true;
  }
}

/** Paths the gateway itself answers (the API and the health checks), never files of the web app. */
export function isServerPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/api' || path === '/healthz' || path === '/readyz';
}
