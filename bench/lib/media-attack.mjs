// Media under attack: 8 decoding bombs and 100 abandoned uploads in flight at once, through the gateway,
// while one person loads a stored image again and again. What it reports: media's memory (peak RSS; the target is
// under 300 MB) and the stored image's latency (p95 under 100 ms), plus what the attackers were answered.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { crc32, deflateSync } from 'node:zlib';
import { percentiles } from './stats.mjs';
import { sampleProcesses } from './procstat.mjs';

const BOMBS = 8;
const ABANDONED = 100;
/** What each abandoned upload declares and how much of it it sends before it stops, then leaves. */
const ABANDONED_DECLARED = 9 * 1024 * 1024;
const ABANDONED_SENT = 4 * 1024 * 1024;
const ABANDONED_HOLD_MS = 10_000;
const BOUNDARY = 'bench-attack';

/**
 * The bomb: a 16-bit RGBA PNG of 6300 × 6300 (39.7 megapixels, under the 40-megapixel rule) whose pixels are
 * all zero, so it deflates to about 300 KB and decodes to 318 MB.
 */
export function decodingBomb(side = 6300) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([16, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(side * (1 + side * 8)); // each row: filter byte 0, then 8 bytes a pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipart(file, type) {
  const form = new FormData();
  form.append('file', new Blob([file], { type }), type === 'image/png' ? 'bomb.png' : 'photo.jpg');
  return form;
}

/** The bomb's request body built once, so the attackers' loops spend the machine's CPU on the server, not on encoding. */
function encodedBomb(bomb) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bomb.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bomb, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

/**
 * The person loading the stored image runs in a worker thread, with its own event loop: a visitor's browser is not
 * queued behind the attackers' sockets, so only what the server does is in the figure.
 */
const VISITOR = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const latencies = [];
  let failures = 0;
  while (Date.now() < workerData.ends) {
    const started = performance.now();
    try {
      const res = await fetch(workerData.url);
      await res.arrayBuffer();
      if (res.status === 200) latencies.push(performance.now() - started);
      else failures += 1;
    } catch {
      failures += 1;
    }
  }
  parentPort.postMessage({ latencies, failures });
})();
`;

function visitImage(url, ends) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(VISITOR, { eval: true, workerData: { url, ends } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** One abandoned upload: the head and part of the body on a raw socket, a pause, then the client leaves. */
function abandonedUpload(base, cookie) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('connect', () => {
      socket.write(
        `POST /api/uploads HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${ABANDONED_DECLARED}\r\n\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      socket.write(Buffer.alloc(ABANDONED_SENT));
      setTimeout(() => socket.destroy(), ABANDONED_HOLD_MS);
    });
  });
}

/**
 * For `seconds`: 8 loops each sending the bomb again as soon as it is answered, 100 loops each opening an upload,
 * sending 4 of its 9 MB, waiting 10 s and leaving (the next one after those 10 s), and one loop fetching a stored 1600 px image. Media's memory is
 * sampled every second (procstat).
 */
export async function mediaAttack({ base, cookie, children, photo, seconds = 20 }) {
  const stored = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { cookie },
    body: multipart(photo, 'image/jpeg'),
  });
  if (stored.status !== 201) throw new Error(`the stored image's upload answered ${stored.status}`);
  const imageUrl = `${base}${(await stored.json()).url}`;
  const bomb = decodingBomb();
  const bombRequest = encodedBomb(bomb);
  const media = children.find((c) => c.name === 'media');
  const rssMb = () => {
    try {
      const status = readFileSync(`/proc/${media.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      return null;
    }
  };
  const idleLatencies = [];
  for (let i = 0; i < 50; i += 1) idleLatencies.push(await timedGet(imageUrl));
  const rssBefore = rssMb();

  const sampler = sampleProcesses(children);
  // The bench's own event loop sends the attack; the image is timed from a worker thread (see VISITOR).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const ends = Date.now() + seconds * 1000;
  const bombAnswers = {};
  const abandonedAnswers = {};
  const count = (into, status) => (into[status] = (into[status] ?? 0) + 1);
  const visitor = visitImage(imageUrl, ends);
  let rssPeakMb = rssBefore;
  const memoryWatch = setInterval(() => (rssPeakMb = Math.max(rssPeakMb ?? 0, rssMb() ?? 0)), 200);
  await Promise.all([
    ...Array.from({ length: BOMBS }, async () => {
      while (Date.now() < ends) {
        const res = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: { cookie, 'content-type': bombRequest.contentType },
          body: bombRequest.body,
        }).catch(() => null);
        count(bombAnswers, res?.status ?? 0);
        await res?.arrayBuffer().catch(() => undefined);
      }
    }),
    // Each loop keeps one upload in flight: a refused one (answered before its hold) waits out the hold before the
    // next, so there are 100 at a time, as the attacker had, not a flood of retries.
    ...Array.from({ length: ABANDONED }, async () => {
      while (Date.now() < ends) {
        const next = new Promise((resolve) => setTimeout(resolve, ABANDONED_HOLD_MS));
        count(abandonedAnswers, await abandonedUpload(base, cookie));
        await next;
      }
    }),
  ]);
  const { latencies, failures: imageFailures } = await visitor;
  clearInterval(memoryWatch);
  loopDelay.disable();
  const usage = sampler.stop();
  const mediaUsage = usage.find((p) => p.process === 'media');
  // Once the attackers have gone: what media still holds.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const result = {
    seconds,
    bomb: { kb: Math.round(bomb.length / 1024), width: 6300, height: 6300, bitDepth: 16, channels: 4 },
    bombs: BOMBS,
    abandoned: { inFlight: ABANDONED, declaredMb: 9, sentMb: 4, holdMs: ABANDONED_HOLD_MS },
    // Status of each answer (0: none, the client left first).
    bombAnswers,
    abandonedAnswers,
    image: { requests: latencies.length, failures: imageFailures, latencyMs: percentiles(latencies) },
    imageIdle: { latencyMs: percentiles(idleLatencies) },
    media: {
      rssMbBefore: rssBefore,
      rssMbPeak: rssPeakMb,
      rssMbAfter: rssMb(),
      cpuPercent: mediaUsage?.cpuPercent ?? null,
    },
    // CPU % of one core of every process during the attack (2 cores: 200 % is the whole machine).
    cpuPercent: Object.fromEntries(usage.map((p) => [p.process, p.cpuPercent])),
    benchLoopDelayMs: {
      p50: Math.round(loopDelay.percentile(50) / 1e5) / 10,
      p95: Math.round(loopDelay.percentile(95) / 1e5) / 10,
      max: Math.round(loopDelay.max / 1e5) / 10,
    },
    targets: { rssMbPeak: 300, imageP95Ms: 100 },
  };
  result.meetsTarget = result.media.rssMbPeak < 300 && result.image.latencyMs.p95 < 100 && imageFailures === 0;
  console.log(
    `bench: media attack (${BOMBS} bombs of ${result.bomb.kb} KB, ${ABANDONED} abandoned uploads, ${seconds} s): ` +
      `media RSS ${rssBefore} → peak ${rssPeakMb} → ${result.media.rssMbAfter} MB; stored image p50 ${result.image.latencyMs.p50} ` +
      `p95 ${result.image.latencyMs.p95} ms (${latencies.length} requests, ${imageFailures} failed; idle p95 ` +
      `${result.imageIdle.latencyMs.p95} ms); bombs answered ${JSON.stringify(bombAnswers)}, abandoned answered ` +
      `${JSON.stringify(abandonedAnswers)}${result.meetsTarget ? '' : '  ✗ target missed'}`,
  );
  console.log(
    `bench: CPU % during the attack ${JSON.stringify(result.cpuPercent)}; the bench's event-loop delay p50 ` +
      `${result.benchLoopDelayMs.p50} p95 ${result.benchLoopDelayMs.p95} max ${result.benchLoopDelayMs.max} ms`,
  );
  return result;
}

async function timedGet(url) {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return performance.now() - started;
}
