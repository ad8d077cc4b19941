// Where the time goes during a measured window, from the processes' own Prometheus histograms: two scrapes of each
// process's /metrics, and for every histogram series that moved in between, its count and mean (the difference of
// `_sum` over the difference of `_count`). Of Node's own series only the GC pauses are kept (by kind: a major one
// stops every request of its process).
const SERIES = /^([a-z_]+)_(sum|count)(\{[^}]*\})? ([0-9.eE+-]+|NaN)$/;

async function scrape(url) {
  try {
    const text = await (await fetch(url)).text();
    const series = new Map();
    for (const line of text.split('\n')) {
      const m = SERIES.exec(line);
      if (!m || (m[1].startsWith('nodejs_') && m[1] !== 'nodejs_gc_duration_seconds')) continue;
      const key = `${m[1]}${m[3] ?? ''}`;
      const entry = series.get(key) ?? { sum: 0, count: 0 };
      entry[m[2]] = Number(m[4]);
      series.set(key, entry);
    }
    return series;
  } catch {
    return new Map();
  }
}

/** Scrapes every process now: `{ name: url }` → a snapshot to hand to `stagesSince`. */
export async function stageSnapshot(urls) {
  const entries = await Promise.all(Object.entries(urls).map(async ([name, url]) => [name, await scrape(url)]));
  return Object.fromEntries(entries);
}

/** Every series that moved since `before`: `{ process, series, count, meanMs }`, slowest mean first. */
export async function stagesSince(before, urls) {
  const after = await stageSnapshot(urls);
  const stages = [];
  for (const [name, series] of Object.entries(after))
    for (const [key, { sum, count }] of series) {
      const was = before[name]?.get(key) ?? { sum: 0, count: 0 };
      const moved = count - was.count;
      if (moved > 0)
        stages.push({
          process: name,
          series: key,
          count: moved,
          meanMs: Math.round(((sum - was.sum) / moved) * 1e4) / 10,
        });
    }
  return stages.sort((a, b) => b.meanMs - a.meanMs);
}
