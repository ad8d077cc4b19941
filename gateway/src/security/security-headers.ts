import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * Browser features no page of the marketplace uses are switched off for it and anything it embeds; `payment` stays
 * for the page itself and Stripe's card frames (Stripe Elements uses the Payment Request API in its iframe).
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'payment=(self "https://js.stripe.com")',
].join(', ');

/** API answers are data, never a document: nothing may run in, load into or frame one opened in a browser. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Stripe.js and its frames (docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_SCRIPTS = 'https://js.stripe.com https://*.js.stripe.com';
const STRIPE_FRAMES = 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com';

/**
 * The web app pages' policy. Scripts: the app's own files and the inline scripts of its pages by hash (the boot
 * script that starts the entry after the first paint, web/scripts/prerender.mjs), never any other inline script,
 * so an injected `<script>` or `onerror=` does not run. Styles: emotion (MUI) writes `<style>` tags at run time and
 * the prerendered Home carries its styles inline, so inline styles are allowed (they cannot run code). Images:
 * sellers' photos are any http(s) URL (the API refuses other schemes).
 */
export function pageContentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(inlineScriptHashes)].map((hash) => `'${hash}'`).join(' ')} ${STRIPE_SCRIPTS}`.replace(
      / {2,}/g,
      ' ',
    ),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: http: data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.stripe.com",
    `frame-src ${STRIPE_FRAMES}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** `sha256-…` of each inline script's text in an HTML page, as CSP hashes them (the exact characters between the tags). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1]!)
    .filter((text) => text.length > 0)
    .map((text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
}

/**
 * Headers on every answer: Permissions-Policy, and for the API `Cache-Control: no-store` (answers read with the
 * session are personal: the caller's account, favourites, messages, orders, and even product lists carry their
 * hearts) plus a locked-down CSP. A route that manages its own caching replaces the default: the Messages polls
 * answer `private, no-cache` with an ETag, which browsers keep only in their own cache and revalidate each time.
 */
export function securityHeaders(isApiPath: (path: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (isApiPath(req.path)) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    }
    next();
  };
}
