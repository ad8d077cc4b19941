import { RPC } from '@souvenir/contracts';
import { freePort, rpcClient, startTestInfra, type TestInfra } from '@souvenir/testing';
import { jsonLines, startProcess, waitReady } from './support';

// Two replicas of identity (one queue group) under concurrent registrations; one gets SIGTERM mid-load.
// It must stop taking requests, finish those it had, exit 0, and no request may fail: what it had accepted is
// answered by it, what it no longer takes goes to the other replica. Each replica handles two requests at a time
// and twice as many callers keep both saturated, so the stopped one always has requests waiting or running.
let infra: TestInfra;
const replicas: ReturnType<typeof startProcess>[] = [];

beforeAll(async () => {
  infra = await startTestInfra();
});

afterAll(async () => {
  for (const r of replicas) if (r.child.exitCode === null) r.child.kill('SIGKILL');
  await infra?.stop();
});

it('SIGTERM under load: in-flight requests complete, none fails, the process exits 0', async () => {
  const ports = [await freePort(), await freePort()];
  for (const port of ports) {
    replicas.push(
      startProcess('identity', {
        ...infra.env,
        HTTP_PORT: String(port),
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        RPC_CONCURRENCY: '2',
      }),
    );
  }
  await Promise.all(ports.map((p) => waitReady(`http://127.0.0.1:${p}/readyz`)));
  const { rpc, close } = await rpcClient(infra, 10_000);
  let running = true;
  let sent = 0;
  const succeeded: string[] = [];
  const failed: { username: string; error: string }[] = [];
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const username = `load${w}x${i}`;
      sent++;
      try {
        await rpc.send(RPC.identity.register, {
          email: `${username}@example.com`,
          password: 'secret1',
          username,
          firstName: 'Ana',
          lastName: 'Lopez',
          location: 'Lisbon',
        });
        succeeded.push(username);
      } catch (error) {
        failed.push({ username, error: (error as Error).message });
      }
    }
  };
  const load = Promise.all(Array.from({ length: 24 }, (_, w) => worker(w)));

  // Mid-load: both replicas warmed up and answering.
  const deadline = Date.now() + 20_000;
  while (succeeded.length < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const [victim] = replicas;
  const answeredBeforeSigterm = succeeded.length;
  victim.child.kill('SIGTERM');
  const exitCode = await victim.exited;
  await new Promise((r) => setTimeout(r, 1000)); // the other replica keeps serving
  running = false;
  await load;
  await close();

  expect(exitCode).toBe(0);
  expect(failed).toEqual([]);
  expect(answeredBeforeSigterm).toBeGreaterThan(0);
  expect(succeeded.length).toBe(sent);
  expect(succeeded.length).toBeGreaterThan(answeredBeforeSigterm);

  // The replica reported what it had in flight when it stopped taking requests, and finished all of it.
  const logs = jsonLines(victim.lines);
  const drain = logs.find((l) => l.msg === 'stopped taking requests; finishing those in flight');
  const finished = logs.find((l) => l.msg === 'requests in flight finished');
  expect(drain).toBeDefined();
  expect(Number(drain?.inFlight)).toBeGreaterThan(0);
  expect(finished?.finished).toBe(drain?.inFlight);
  expect(logs.filter((l) => l.level === 'error')).toEqual([]);

  // Every answered registration is stored, and nothing was stored that was not answered.
  const [{ count }] = await infra.database.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM identity.users',
  );
  expect(Number(count)).toBe(succeeded.length);
  console.log(
    `graceful shutdown: ${sent} requests, in flight at SIGTERM on the stopped replica: ${String(drain?.inFlight)}`,
  );
});
