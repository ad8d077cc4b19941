import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other non-API path
 * so the app's router (and its own 404 page) decides what to show.
 */
export function serveWebApp(app: Express, webDist: string): void {
  const index = join(webDist, 'index.html');
  if (!webDist || !existsSync(index)) return;
  app.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }));
  app.use(express.static(webDist, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api' || req.path === '/healthz' || req.path === '/readyz') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
