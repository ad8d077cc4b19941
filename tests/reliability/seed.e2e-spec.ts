// `npm start` seeds a demo catalogue into an empty database (scripts/seed.mjs): the first run fills it and creates
// the demo accounts, a second run adds nothing, and the support demo account has its role. A seed that fails leaves a
// newcomer's first look at the product empty, and nothing else runs it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
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
    env: { ...process.env, ...stack.env, PUBLIC_URL: stack.url },
  });

it('fills an empty catalogue once, then adds nothing; the support demo account decides claims', async () => {
  const first = seed();
  expect(first.stderr).not.toMatch(/failed/i);
  expect(first.status).toBe(0);
  const listed = Number(/listed (\d+) souvenirs/.exec(first.stdout)?.[1]);
  expect(listed).toBeGreaterThan(50);
  const page = await http('GET', '/api/products?limit=1');
  expect(page.status).toBe(200);

  const again = seed();
  expect(again.status).toBe(0);
  expect(again.stdout).toContain('listed 0 souvenirs');

  const login = await http('POST', '/api/auth/login', { body: { username: 'support', password: 'souvenir123' } });
  expect(login.status).toBe(200);
  const me = await http('GET', '/api/auth/me', { cookie: login.cookie });
  expect(me.body).toMatchObject({ username: 'support', role: 'support' });
  expect((await http('GET', '/api/support/claims', { cookie: login.cookie })).status).toBe(200);
});
