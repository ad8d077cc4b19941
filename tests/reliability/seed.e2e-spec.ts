// `npm start` seeds a demo catalogue into an empty database (scripts/seed.mjs): the first run fills it and creates
// the demo accounts, a second run adds nothing, and the support demo account has its role. A seed that fails leaves a
// newcomer's first look at the product empty, and nothing else runs it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { natsUserEnv } from '@souvenir/platform';
import { type Client, client, ROOT, type RunningStack, startChildStack } from '../support/stack';

let stack: RunningStack;
let http: Client;

beforeAll(async () => {
  stack = await startChildStack();
  http = client(stack.url);
});

afterAll(async () => {
  await stack?.stop();
});

const seed = () =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'seed.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 90_000,
    // As npm start runs it: connected as the gateway, whose grants cover what the seed asks.
    env: { ...process.env, ...stack.env, ...natsUserEnv('gateway', stack.natsPasswords), PUBLIC_URL: stack.url },
  });

it('fills an empty catalogue once, then adds nothing; the support demo account decides claims', async () => {
  const first = seed();
  expect(first.stderr).not.toMatch(/failed/i);
  expect(first.status).toBe(0);
  const listed = Number(/listed (\d+) souvenirs/.exec(first.stdout)?.[1]);
  expect(listed).toBeGreaterThan(50);
  const page = await http('GET', '/api/products?limit=1');
  expect(page.status).toBe(200);
  // The photos went through media's pipeline: uploaded, sized, and served from /media/ as WebP.
  expect(first.stdout).toMatch(/uploaded \d+ photos through media/);
  const listedPhotos = ((await http('GET', '/api/products?limit=24')).body as { images: string[] }[])
    .flatMap((item) => item.images)
    .filter((url) => url.includes('/media/'));
  const photo = listedPhotos[0];
  expect(photo).toMatch(new RegExp(`^${stack.url}/media/[0-9a-f]{32}-800\\.webp$`));
  const served = await fetch(photo!.replace('-800.webp', '-320.webp'));
  expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);

  const again = seed();
  expect(again.status).toBe(0);
  expect(again.stdout).toContain('listed 0 souvenirs');

  const login = await http('POST', '/api/auth/login', { body: { username: 'support', password: 'souvenir123' } });
  expect(login.status).toBe(200);
  const me = await http('GET', '/api/auth/me', { cookie: login.cookie });
  expect(me.body).toMatchObject({ username: 'support', role: 'support' });
  expect((await http('GET', '/api/support/claims', { cookie: login.cookie })).status).toBe(200);
});
