import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { appendFileSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { eventually } from './eventually';
import { freePort } from './ports';

const BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A Postgres primary and its streaming standby on loopback, as CloudNativePG runs them: the standby made by
 * `pg_basebackup` with a physical replication slot, commits synchronous (a commit returns once the standby has it, so
 * a promoted standby holds every acknowledged write). `promoteStandby()` stops the primary hard and promotes the
 * standby, as a failover does; point clients at `primary`/`standby` through a proxy to switch them.
 */
export interface PostgresPair {
  primary: { port: number; url: string };
  standby: { port: number; url: string };
  /** The primary killed (immediate shutdown, as a crash), then the standby promoted and accepting writes. */
  promoteStandby(): Promise<void>;
  /** Bytes of WAL the standby has not replayed yet (0 when it is current). */
  standbyLag(): Promise<number>;
  stop(): Promise<void>;
}

/** The machine's Postgres binaries run as the `postgres` user (initdb refuses root), without blocking the loop. */
async function asPostgres(command: string, args: string[]): Promise<string> {
  const binary = join(BIN, command);
  const asRoot = process.getuid?.() === 0;
  const { stdout } = await promisify(execFile)(
    asRoot ? 'runuser' : binary,
    asRoot ? ['-u', 'postgres', '--', binary, ...args] : args,
    { encoding: 'utf8' },
  );
  return stdout;
}

export async function startPostgresPair(): Promise<PostgresPair> {
  const root = mkdtempSync(join(tmpdir(), 'souvenir-pg-pair-'));
  const owned = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(root, uid, gid);
      chownSync(dir, uid, gid);
    }
    return dir;
  };
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primaryDir = join(owned(join(root, 'primary')));
  const standbyDir = join(root, 'standby');
  const sockets = owned(join(root, 'sockets'));
  await asPostgres('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  appendFileSync(
    join(primaryDir, 'postgresql.conf'),
    [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${sockets}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'max_replication_slots = 4',
      "synchronous_standby_names = '*'",
      'fsync = off',
      '',
    ].join('\n'),
  );
  const start = (dir: string) => asPostgres('pg_ctl', ['-D', dir, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  await start(primaryDir);
  await asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standbyDir,
    '-R',
    '-X',
    'stream',
    '-C',
    '-S',
    'standby',
  ]);
  appendFileSync(join(standbyDir, 'postgresql.conf'), `port = ${standbyPort}\n`);
  await start(standbyDir);
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async <T>(port: number, sql: string): Promise<T[]> => {
    const client = new Client({ connectionString: url(port) });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  // Streaming and synchronous before anything is written.
  await eventually(async () => {
    const [row] = await query<{ sync_state: string }>(primaryPort, 'SELECT sync_state FROM pg_stat_replication');
    if (row?.sync_state !== 'sync') throw new Error(`standby not synchronous yet: ${JSON.stringify(row)}`);
  }, 30_000);
  let promoted = false;
  return {
    primary: { port: primaryPort, url: url(primaryPort) },
    standby: { port: standbyPort, url: url(standbyPort) },
    async promoteStandby() {
      await asPostgres('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
      await asPostgres('pg_ctl', ['-D', standbyDir, '-w', 'promote']);
      promoted = true;
      await eventually(async () => {
        const [row] = await query<{ recovery: boolean }>(standbyPort, 'SELECT pg_is_in_recovery() AS recovery');
        if (row?.recovery !== false) throw new Error('standby still in recovery');
      }, 30_000);
      // The new primary has no standby of its own: left synchronous (its settings came from the old primary), every
      // commit would wait for one forever, holding its locks. CloudNativePG lowers this itself when replicas are
      // missing (minSyncReplicas 0); the pair does the same.
      await query(standbyPort, "ALTER SYSTEM SET synchronous_standby_names = ''");
      await query(standbyPort, 'SELECT pg_reload_conf()');
    },
    async standbyLag() {
      const [row] = await query<{ lag: string | null }>(
        primaryPort,
        'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) AS lag FROM pg_stat_replication',
      );
      return Number(row?.lag ?? 0);
    },
    async stop() {
      for (const dir of promoted ? [standbyDir] : [standbyDir, primaryDir])
        await asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']).catch(() => undefined); // already stopped
      rmSync(root, { recursive: true, force: true });
    },
  };
}
