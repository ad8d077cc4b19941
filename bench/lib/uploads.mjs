// Photo uploads per second: signed-in people upload a phone-sized JPEG with EXIF through the gateway to
// media, as /sell does, at a few concurrencies in turn; each upload is read, checked, rotated, stripped, resized to
// WebP at 320, 800 and 1600 px plus the placeholder, stored and recorded before its 201.
import os from 'node:os';
import sharp from 'sharp';
import { percentiles } from './stats.mjs';
import { sampleProcesses } from './procstat.mjs';

/** 2304 × 1728: 4.0 megapixels, a 4:3 photo as phones save it at their lower settings (and as many are sent). */
export const PHOTO = { width: 2304, height: 1728 };

/**
 * A JPEG that costs what a photo costs: not a flat colour (which every encoder halves in no time) but smooth light,
 * texture and fine grain, at quality 90, with the camera's and the position's EXIF (as a phone writes them) and an
 * orientation to apply. About 1–2 MB, like a phone's photo of that size.
 */
export async function phonePhoto({ width, height } = PHOTO) {
  const texture = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .blur(3)
    .raw()
    .toBuffer();
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#e9b872"/><stop offset=".5" stop-color="#6a8caf"/><stop offset="1" stop-color="#2f4f3a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.25}" fill="#fff3d6" opacity=".55"/></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  return sharp(light)
    .composite([
      { input: texture, raw: { width, height, channels: 3 }, blend: 'soft-light' },
      { input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'BenchCam', Model: 'Phone 4MP' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 53/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '12/1 29/1 5/1' },
    })
    .toBuffer();
}

/**
 * Closed loop: `concurrency` uploaders, each sending the next photo when its last one is answered, for `seconds`
 * after a short warm-up. Reports uploads/s, latency percentiles (ms, upload to 201), failures, and the CPU of media,
 * the gateway (which pipes the bytes) and the load generator over the measured seconds.
 */
export async function uploadsCapacity({ base, cookie, children, seconds = 20, concurrencies = [1, 2, 4] }) {
  const photo = await phonePhoto();
  const meta = await sharp(photo).metadata();
  const send = async () => {
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const started = performance.now();
    const res = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { cookie }, body: form });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  };
  const first = await send();
  if (first.status !== 201) throw new Error(`an upload answered ${first.status}`);

  const phases = [];
  for (const concurrency of concurrencies) {
    // Warm-up: a few uploads per uploader, not counted (libvips' caches, the JIT, the pools).
    await Promise.all(Array.from({ length: concurrency }, () => send().then(send)));
    const loadAvgAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
    const sampler = sampleProcesses(children);
    const latencies = [];
    let failed = 0;
    const ends = Date.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < ends) {
          const { ms, status } = await send().catch(() => ({ ms: 0, status: 0 }));
          if (status === 201) latencies.push(ms);
          else failed += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const usage = sampler.stop();
    const cpu = (name) => usage.find((p) => p.process === name)?.cpuPercent ?? null;
    const phase = {
      concurrency,
      uploads: latencies.length,
      failed,
      seconds: Math.round(elapsed * 10) / 10,
      uploadsPerSecond: Math.round((latencies.length / elapsed) * 100) / 100,
      latencyMs: percentiles(latencies),
      cpuPercent: { media: cpu('media'), gateway: cpu('gateway'), loadGenerator: cpu('bench (load generator)') },
      // CPU time media spent per upload (all its threads): steadier than uploads/s on a shared machine, and the bound
      // on uploads/s of one replica with N cores to itself is N × 1000 / this.
      mediaCpuMsPerUpload: latencies.length
        ? Math.round((((cpu('media') ?? 0) / 100) * elapsed * 1000) / latencies.length)
        : null,
      loadAvgAtStart,
      loadAvgAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
    };
    phases.push(phase);
    console.log(
      `bench: uploads ×${concurrency}: ${phase.uploadsPerSecond}/s, p50 ${phase.latencyMs.p50} ms, p95 ${phase.latencyMs.p95} ms, media CPU ${phase.cpuPercent.media} % of a core (${phase.mediaCpuMsPerUpload} ms per upload), load ${loadAvgAtStart[0]} → ${phase.loadAvgAtEnd[0]}`,
    );
  }
  return {
    photo: { width: meta.width, height: meta.height, kb: Math.round(photo.length / 1024), format: meta.format },
    seconds,
    phases,
  };
}
