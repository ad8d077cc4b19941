import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account } from './gateway-harness';

// A build with Home's boot script inline (as web/scripts/prerender.mjs writes it) and the shell without one.
const BOOT = '(function () { import("/assets/index-AbC123xy.js"); })();';
const dist = mkdtempSync(joinPath(tmpdir(), 'web-dist-csp-'));
writeFileSync(
  joinPath(dist, 'index.html'),
  `<html><head><style data-emotion="css x">.x{}</style></head><body><div id="root"><h1>Home</h1></div><script>${BOOT}</script></body></html>`,
);
writeFileSync(
  joinPath(dist, 'spa.html'),
  '<html><body><div id="root"></div><script type="module" crossorigin src="/assets/index-AbC123xy.js"></script></body></html>',
);
writeFileSync(joinPath(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;

const listing = {
  title: 'Painted tile',
  description: 'Hand-painted tile from a workshop in Lisbon, customs cleared.',
  price: 15,
  condition: 'new',
  category: 'Home Decor',
  country: 'Portugal',
  images: ['https://example.com/t.jpg'],
};

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '3000', WEB_DIST: dist });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'tilemaker', 'Tile');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
  rmSync(dist, { recursive: true, force: true });
});

/**
 * A request with its path sent byte for byte as written (supertest and fetch would normalise `/./`, `/../` and
 * `//`, which a raw client need not).
 */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  const { port } = gateway.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => {
            text += chunk;
          })
          .on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const myProducts = async () => (await http.get(`/api/users/${seller.id}/products`).expect(200)).body as unknown[];

describe('the Origin rule holds for every spelling of a state-changing path', () => {
  const SPELLINGS = [
    '/api/products',
    '/API/products',
    '/Api/products',
    '/api/Products',
    '/API/PRODUCTS',
    '/api/products/',
    '//api/products',
    '/api//products',
    '/api/./products',
    '/api/../api/products',
    '/x/../api/products',
    '/%61pi/products',
    '/%41PI/products',
    '/api/%70roducts',
    '/api%2Fproducts',
    '/api/products?x=1',
    '/api/products%3F',
    '/api/products;x',
    '/api/products%00',
    '/API/webhooks/stripe',
    '/api/webhooks/Stripe',
    '/api/webhooks/stripe/',
    '/api/webhooks/%73tripe',
    '/Api/auth/logout',
    '/',
  ];

  it.each(SPELLINGS)('%s with a foreign Origin: 403, nothing created', async (path) => {
    const before = (await myProducts()).length;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await raw(
        method,
        path,
        { Origin: 'https://evil.example', Cookie: seller.cookie, 'Content-Type': 'application/json' },
        JSON.stringify(listing),
      );
      expect({ method, status: res.status }).toEqual({ method, status: 403 });
    }
    expect(await myProducts()).toHaveLength(before);
  });

  it('routing is case-sensitive and strict: only the exact spelling reaches a route', async () => {
    const created: string[] = [];
    for (const path of SPELLINGS.filter((p) => !p.includes('webhooks') && p !== '/' && !p.startsWith('/Api/auth'))) {
      const res = await raw(
        'POST',
        path,
        { Cookie: seller.cookie, 'Content-Type': 'application/json' },
        JSON.stringify(listing),
      );
      if (res.status === 201) created.push(path);
      else expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    // `/api/products?x=1` is the same path with a query string.
    expect(created).toEqual(['/api/products', '/api/products?x=1']);
  });

  it("the signed webhook is exempt at its exact path only (its own answer, not the Origin rule's 403)", async () => {
    const res = await raw(
      'POST',
      '/api/webhooks/stripe',
      { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      '{}',
    );
    expect(res.status).not.toBe(403); // the webhook's own answer to an unsigned body
    expect(res.status).toBeLessThan(500);
    expect(JSON.parse(res.body).message).not.toBe('Cross-site request refused');
  });
});

describe('security headers', () => {
  it('API answers are no-store, with a locked-down CSP and the Permissions-Policy, signed in or not', async () => {
    for (const [path, cookie] of [
      ['/api/auth/me', seller.cookie],
      [`/api/users/${seller.id}`, ''],
      ['/api/products', seller.cookie],
      ['/api/auth/me', ''],
      ['/api/nowhere', ''],
    ] as const) {
      const res = await http.get(path).set('Cookie', cookie);
      expect({ path, cacheControl: res.headers['cache-control'] }).toEqual({ path, cacheControl: 'no-store' });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
    const created = await http.post('/api/products').set('Cookie', seller.cookie).send(listing).expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
  });

  it('pages carry a CSP allowing their own inline boot script by hash and no other inline script', async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;
    for (const path of ['/', '/product/123', '/favicon.svg']) {
      const res = await http.get(path).expect(200);
      const policy = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      expect(directives['script-src']).toEqual(expect.arrayContaining(["'self'", hash]));
      expect(directives['script-src']).not.toContain("'unsafe-inline'");
      expect(directives['script-src']).not.toContain("'unsafe-eval'");
      expect(directives['script-src']!.filter((source: string) => source.startsWith("'sha256-"))).toEqual([hash]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(res.headers['permissions-policy']).toBe(
        'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), magnetometer=(), gyroscope=(), ' +
          'accelerometer=(), display-capture=(), browsing-topics=(), payment=(self "https://js.stripe.com")',
      );
    }
  });
});
