// Whether the loopback Postgres, Redis and NATS the defaults point at are accepting connections.
import { Socket } from 'node:net';

/** Whether something accepts TCP connections on the port. */
export const portOpen = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, host);
  });

const portOf = (url, fallback) => {
  try {
    return Number(new URL(url).port) || fallback;
  } catch {
    return fallback;
  }
};

export async function infraIsUp(env = process.env) {
  const checks = await Promise.all([
    portOpen(portOf(env.DATABASE_URL, 5432)),
    portOpen(portOf(env.REDIS_URL, 6379)),
    portOpen(portOf(env.NATS_URL?.split(',')[0], 4222)),
  ]);
  return checks.every(Boolean);
}
