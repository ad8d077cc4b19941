import type { INestApplication } from '@nestjs/common';
import { startTestInfra, type TestInfra } from '@souvenir/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { startGateway } from './gateway-harness';

// A build as `npm run build` in web/ leaves it: index.html (Home prerendered), spa.html (the shell), hashed assets,
// and .br/.gz copies of the larger files (web/scripts/compress.mjs). Each copy here says which copy it is, so a test
// tells the build's copy from the file compressed on the fly.
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
const HOME = `<html><body><div id="root"><h1>Home, prerendered</h1></div>${'<p>padding</p>'.repeat(100)}</body></html>`;
const SHELL = `<html><body><div id="root"></div>${'<p>padding</p>'.repeat(100)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('the entry '.repeat(200))});`;
const copy = (content: string, encoding: 'br' | 'gz') => `${content}/* ${encoding} copy */`;
function writeWithCopies(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(copy(content, 'br')));
  writeFileSync(`${path}.gz`, gzipSync(copy(content, 'gz')));
}
mkdirSync(join(dist, 'assets'));
writeWithCopies(join(dist, 'index.html'), HOME);
writeWithCopies(join(dist, 'spa.html'), SHELL);
writeWithCopies(join(dist, 'assets', 'index-AbC123xy.js'), SCRIPT);
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The server bundle that renders product pages in the gateway: read from disk, never sent.
const SERVER_BUNDLE = 'export const serverOnly = "the server bundle";';
mkdirSync(join(dist, 'server'));
writeFileSync(join(dist, 'server', 'prerender.js'), SERVER_BUNDLE);

let infra: TestInfra;
let gateway: INestApplication;
beforeAll(async () => {
  infra = await startTestInfra();
  gateway = await startGateway(infra, { WEB_DIST: dist });
});
afterAll(async () => {
  await gateway?.close();
  await infra?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding: string) =>
  request(gateway.getHttpServer()).get(path).set('Accept-Encoding', acceptEncoding);

describe('the web app', () => {
  it('answers Home prerendered at "/" and the empty shell at every other page, revalidated on every visit', async () => {
    for (const [path, page] of [
      ['/', HOME],
      ['/?search=mug', HOME],
      ['/product/123', SHELL],
      ['/messages', SHELL],
      ['/no/such/page', SHELL],
    ]) {
      const res = await get(path, 'gzip, br').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(copy(page, 'br'));
    }
  });

  it("sends the build's brotli or gzip copy as the browser accepts, and the file itself otherwise", async () => {
    for (const [encoding, expected, body] of [
      ['gzip, deflate, br', 'br', copy(SCRIPT, 'br')],
      ['gzip', 'gzip', copy(SCRIPT, 'gz')],
      ['identity', undefined, SCRIPT],
    ] as const) {
      const res = await get('/assets/index-AbC123xy.js', encoding).expect(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.text).toBe(body); // supertest decodes br and gzip
    }
    const home = await get('/', 'br').expect(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.text).toBe(copy(HOME, 'br'));
    // A small file without copies is sent as it is.
    expect((await get('/favicon.svg', 'br').expect(200)).headers['content-encoding']).toBeUndefined();
  });

  it('never sends the server bundle, however its path is spelled', async () => {
    for (const path of [
      '/server/prerender.js',
      '/%73erver/prerender.js',
      '/%2Fserver/prerender.js',
      '//server/prerender.js',
      '/assets/../server/prerender.js',
      '/assets/%2E%2E/server/prerender.js',
    ]) {
      const res = await get(path, 'identity');
      expect([path, res.text.includes('the server bundle')]).toEqual([path, false]);
    }
  });

  it('leaves the API to the API: an unknown API path is a JSON 404, not a page', async () => {
    const res = await get('/api/no-such-route', 'br').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
