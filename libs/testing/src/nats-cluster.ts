import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localNatsServerConfig, natsServerPasswordEnv, type NatsPasswords } from '@souvenir/platform';
import { eventually } from './eventually';
import { freePort } from './ports';
import { LocalServer } from './processes';

/** Three (or more) clustered nats-server processes on loopback with JetStream, as Kubernetes runs NATS. */
export interface NatsCluster {
  /** Every node's client URL, comma separated (what NATS_URL takes: clients fail over between them). */
  url: string;
  nodes: LocalServer[];
  /** The node (index) leading a JetStream stream, from the nodes' monitoring endpoints. */
  streamLeader(stream: string): Promise<number>;
  /** Waits until every node reports the stream with all its replicas current. */
  streamSettled(stream: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const serverName = (i: number) => `n${i + 1}`;

interface JszStream {
  name: string;
  cluster?: { leader?: string; replicas?: { name: string; current: boolean; offline?: boolean }[] };
}

/**
 * Starts `size` nats-server processes, each with its own client, route and monitoring port and data folder, routed to
 * one another. With `passwords`, each runs the product's users and permissions (localNatsServerConfig), as npm start
 * does; the routes between nodes listen on loopback only.
 */
export async function startNatsCluster({
  size = 3,
  passwords,
}: { size?: number; passwords?: NatsPasswords } = {}): Promise<NatsCluster> {
  const binary = process.env.NATS_SERVER_BIN ?? 'nats-server';
  const routePorts = await Promise.all(Array.from({ length: size }, () => freePort()));
  const monitorPorts = await Promise.all(Array.from({ length: size }, () => freePort()));
  const routes = routePorts.map((p) => `nats-route://127.0.0.1:${p}`).join(', ');
  const nodes = await Promise.all(
    routePorts.map((routePort, i) =>
      LocalServer.start(
        binary,
        (port, dir) => {
          const own = passwords
            ? localNatsServerConfig({ port, storeDir: join(dir, 'jetstream') })
            : [
                `listen: "127.0.0.1:${port}"`,
                `jetstream { store_dir: ${JSON.stringify(join(dir, 'jetstream'))} }`,
              ].join('\n');
          const configFile = join(dir, 'nats.conf');
          writeFileSync(
            configFile,
            [
              own,
              `server_name: ${serverName(i)}`,
              `http: "127.0.0.1:${monitorPorts[i]}"`,
              `cluster { name: souvenir, listen: "127.0.0.1:${routePort}", routes: [${routes}] }`,
            ].join('\n'),
          );
          return ['-c', configFile];
        },
        passwords ? natsServerPasswordEnv(passwords) : {},
      ),
    ),
  );
  const streamsOf = async (i: number): Promise<JszStream[]> => {
    const res = await fetch(`http://127.0.0.1:${monitorPorts[i]}/jsz?accounts=true&streams=true`, {
      signal: AbortSignal.timeout(2000),
    });
    const body = (await res.json()) as { account_details?: { stream_detail?: JszStream[] }[] };
    return (body.account_details ?? []).flatMap((a) => a.stream_detail ?? []);
  };
  // JetStream places a stream only once the nodes have elected their meta leader and know each other.
  await eventually(
    async () => {
      for (let i = 0; i < size; i++) {
        const res = await fetch(`http://127.0.0.1:${monitorPorts[i]}/jsz`, { signal: AbortSignal.timeout(2000) });
        const { meta_cluster: meta } = (await res.json()) as {
          meta_cluster?: { leader?: string; cluster_size?: number; replicas?: { current: boolean }[] };
        };
        // Every node knows the leader and the cluster's size; the leader also sees its followers current.
        const isLeader = meta?.leader === serverName(i);
        if (
          !meta?.leader ||
          meta.cluster_size !== size ||
          (isLeader && (meta.replicas ?? []).filter((r) => r.current).length < size - 1)
        )
          throw new Error(`${serverName(i)}: JetStream cluster not formed: ${JSON.stringify(meta)}`);
      }
    },
    60_000,
    250,
  );
  const cluster: NatsCluster = {
    url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(','),
    nodes,
    async streamLeader(stream) {
      for (let i = 0; i < size; i++) {
        const found = await streamsOf(i).catch(() => []);
        const leader = found.find((s) => s.name === stream)?.cluster?.leader;
        if (leader) return Number(leader.slice(1)) - 1;
      }
      throw new Error(`no node reports a leader of ${stream}`);
    },
    async streamSettled(stream, timeoutMs = 30_000) {
      await eventually(
        async () => {
          const found = (await streamsOf(await cluster.streamLeader(stream))).find((s) => s.name === stream);
          const replicas = found?.cluster?.replicas ?? [];
          if (replicas.length !== size - 1 || replicas.some((r) => !r.current || r.offline))
            throw new Error(`${stream}: replicas ${JSON.stringify(replicas)}`);
        },
        timeoutMs,
        250,
      );
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.destroy()));
    },
  };
  return cluster;
}
