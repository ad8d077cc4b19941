// Command-line options of `npm run bench` (see bench/README.md).
import { parseArgs } from 'node:util';

const PARTS = [
  'catalog',
  'signed-in',
  'mixed',
  'polling',
  'live',
  'uploads',
  'media-attack',
  'web',
  'export',
  'alerts',
  'offers',
  'bundles',
];

export function readOptions(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: {
      products: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
      mixed: { type: 'string', default: '60' },
      'warm-up': { type: 'string', default: '10' },
      rate: { type: 'string', default: '200' },
      only: { type: 'string' },
      skip: { type: 'string' },
      'poll-steps': { type: 'string', default: '250,500,1000,2000,3000' },
      'poll-seconds': { type: 'string', default: '15' },
      'poll-send-every': { type: 'string', default: '60' },
      'uploads-seconds': { type: 'string', default: '20' },
      'uploads-concurrency': { type: 'string', default: '1,2,4' },
      'live-streams': { type: 'string', default: '10000' },
      'live-people': { type: 'string', default: '2000' },
      'live-rate': { type: 'string', default: '200' },
      'live-seconds': { type: 'string', default: '30' },
      'alerts-searches': { type: 'string', default: '100000' },
      'alerts-people': { type: 'string', default: '20000' },
      'alerts-rate': { type: 'string', default: '20' },
      'alerts-seconds': { type: 'string', default: '20' },
      'race-rounds': { type: 'string', default: '10' },
      'log-level': { type: 'string', default: 'warn' },
      keep: { type: 'boolean', default: false },
      'nats-cluster': { type: 'boolean', default: false },
      profile: { type: 'string' },
      routes: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(`npm run bench -- [--products 100000] [--duration 10] [--connections 16] [--mixed 60] [--warm-up 10] [--rate 200]
                     [--only catalog|signed-in|mixed|polling|live|uploads|media-attack|web|export|alerts|offers|bundles[,...]] [--skip ...] [--poll-steps 250,500,...]
                     [--poll-seconds 15] [--poll-send-every 60] [--live-streams 10000] [--live-people 2000]
                     [--live-rate 200] [--live-seconds 30] [--alerts-searches 100000] [--alerts-people 20000]
                     [--alerts-rate 20] [--alerts-seconds 20] [--race-rounds 10] [--log-level warn] [--uploads-seconds 20] [--uploads-concurrency 1,2,4] [--keep] [--nats-cluster] [--profile DIR] [--routes detail,conversations,...]`);
    process.exit(0);
  }
  const list = (v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const only = list(values.only);
  const skip = list(values.skip);
  for (const p of [...only, ...skip])
    if (!PARTS.includes(p)) throw new Error(`unknown part "${p}" (one of ${PARTS.join(', ')})`);
  const parts = new Set(PARTS.filter((p) => (only.length ? only.includes(p) : true) && !skip.includes(p)));
  const mixed = Number(values.mixed);
  if (mixed === 0) parts.delete('mixed');
  const int = (name, v, min = 1) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number >= ${min}`);
    return n;
  };
  return {
    products: int('products', values.products, 1000),
    duration: int('duration', values.duration),
    connections: int('connections', values.connections),
    mixed: int('mixed', values.mixed, 0),
    warmUp: int('warm-up', values['warm-up'], 0),
    rate: int('rate', values.rate),
    pollSteps: list(values['poll-steps']).map((s) => int('poll-steps', s)),
    pollSeconds: int('poll-seconds', values['poll-seconds'], 3),
    /** Seconds between two messages of one polling person, on average (0: nobody writes). */
    pollSendEvery: int('poll-send-every', values['poll-send-every'], 0),
    /** Photo uploads (bench/lib/uploads.mjs): measured seconds per concurrency, and the concurrencies in turn. */
    uploadsSeconds: int('uploads-seconds', values['uploads-seconds'], 3),
    uploadsConcurrency: list(values['uploads-concurrency']).map((s) => int('uploads-concurrency', s)),
    /** Live streams (bench/lib/live.mjs): streams held, people they belong to, messages/s, measured seconds. */
    liveStreams: int('live-streams', values['live-streams']),
    livePeople: int('live-people', values['live-people'], 2),
    liveRate: int('live-rate', values['live-rate']),
    liveSeconds: int('live-seconds', values['live-seconds']),
    /** Saved searches (bench/lib/alerts.mjs): searches seeded, their people, listings/s, measured seconds. */
    alertsSearches: int('alerts-searches', values['alerts-searches']),
    alertsPeople: int('alerts-people', values['alerts-people']),
    alertsRate: int('alerts-rate', values['alerts-rate']),
    alertsSeconds: int('alerts-seconds', values['alerts-seconds']),
    /** The offers part (bench/lib/offer-race.mjs): races of 20 buyers on an item with an accepted offer. */
    raceRounds: int('race-rounds', values['race-rounds']),
    logLevel: values['log-level'],
    keep: values.keep,
    /** Three clustered NATS servers and the event stream at three replicas, as Kubernetes runs them. */
    natsCluster: values['nats-cluster'],
    /** A folder for CPU profiles of every stack process (bench/profile/preload.cjs), or undefined. */
    profile: values.profile,
    /** Only these per-route benchmarks (names as printed: browse, detail, conversations304, ...); empty: all. */
    routes: list(values.routes),
    parts,
  };
}
