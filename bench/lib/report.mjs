// The short Markdown summary written next to the JSON report (bench/results/latest-<products>.md).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmt } from './stats.mjs';

const ok = (v) => (v === null || v === undefined ? '–' : v ? '✅' : '❌');

export function writeMarkdown(report, dir) {
  const t = report.targets;
  const o = report.options;
  const lines = [];
  lines.push(`# Bench: ${o.products.toLocaleString('en')} products`, '');
  lines.push(
    `${report.startedAt} · ${report.machine.cpus} cores (${report.machine.cpuModel}) · Node ${report.machine.node} · ` +
      `${o.connections} connections, ${o.duration} s per route · services: ${(report.services ?? []).join(', ')} · ` +
      `load average at start ${(report.machine.loadAvgAtStart ?? []).join(' ')}` +
      (report.machine.gaugeMsAtStart
        ? ` · machine gauge ${report.machine.gaugeMsAtStart} ms at the start, ${report.machine.gaugeMsAtEnd ?? '–'} at the end (lower is faster)`
        : ''),
    '',
  );
  if (report.seed) {
    const s = report.seed;
    lines.push(
      `Seeded in ${fmt(s.seconds)} s: ${s.products} products (${s.active} active), ${s.users} users, ${s.sellers} sellers, ${s.favourites} favourites, ${s.messages} messages.`,
      '',
    );
  }
  if (report.error)
    lines.push('**The run failed:**', '', '```', report.error.split('\n').slice(0, 6).join('\n'), '```', '');
  if (report.coldSearch) {
    lines.push(`## Cold searches: every request a new query (target p95 < ${t.readP95Ms} ms)`, '');
    lines.push(
      '| connections | queries | req/s | p50 | p95 | p99 | max | frequent p95 | rare p95 | noMatch p95 | laterPage p95 | filtered p95 | errors / non-2xx | "1,000+" / suggestions / empty |',
    );
    lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of [report.coldSearch.loaded, report.coldSearch.alone]) {
      const k = r.byKind;
      lines.push(
        `| ${r.connections} | ${r.distinctQueries} | ${fmt(r.rps, 0)} | ${fmt(r.overall.p50)} | ${fmt(r.overall.p95)} | ${fmt(r.overall.p99)} | ${fmt(r.overall.max)} | ` +
          `${fmt(k.frequent.p95)} | ${fmt(k.rare.p95)} | ${fmt(k.noMatch.p95)} | ${fmt(k.laterPage.p95)} | ${fmt(k.filtered.p95)} | ${r.errors} / ${r.non2xx} | ${r.lowerBound} / ${r.suggestions} / ${r.empty} |`,
      );
    }
    const exhausted = [
      ...new Set([report.coldSearch.loaded, report.coldSearch.alone].flatMap((r) => r.exhausted ?? [])),
    ];
    if (exhausted.length)
      lines.push('', `Every distinct query of these kinds was sent before the time ran out: ${exhausted.join(', ')}.`);
    lines.push(
      '',
      `p95 target at ${report.coldSearch.loaded.connections} connections: ${ok(report.coldSearch.meetsTarget)}`,
      '',
    );
  }
  if (report.routes?.length) {
    lines.push(
      `## Routes through the gateway (target p95 < ${t.readP95Ms} ms; overhead over direct SQL < ${t.overheadP50Ms} ms at p50)`,
      '',
    );
    lines.push(
      '| route | p50 | p95 | p99 | req/s | errors / non-2xx | SQL direct p50 / p95 (c=16) | gateway ÷ SQL at p50 | c=1 p50: gateway / service over NATS / SQL | overhead at p50, c=1 | Seq Scan on products | p95 target |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|');
    for (const r of report.routes) {
      const g = r.gateway;
      lines.push(
        `| ${r.route} | ${fmt(g.p50)} | ${fmt(g.p95)} | ${fmt(g.p99)} | ${fmt(g.rps, 0)} | ${g.errors} / ${g.non2xx} | ` +
          `${r.direct ? `${fmt(r.direct.p50)} / ${fmt(r.direct.p95)}` : '–'} | ${r.ratioP50 ?? '–'}× | ` +
          `${fmt(r.gateway1?.p50, 2)} / ${fmt(r.service1?.p50, 2)} / ${fmt(r.direct1?.p50, 2)} | ` +
          `${r.overheadP50Ms !== undefined ? `${fmt(r.overheadP50Ms, 2)} ${ok(r.overheadP50Ms < t.overheadP50Ms)}` : '–'} | ` +
          `${r.seqScanOnProducts === undefined ? '–' : r.seqScanOnProducts ? '❌ yes' : 'no'} | ${ok(r.meetsTarget)} |`,
      );
    }
    lines.push(
      '',
      'Latencies in ms. "overhead" = gateway p50 − direct SQL p50, both with one connection (no queueing).',
      '',
    );
    // Where the CPU of each route went at c=16: the machine's two cores are the throughput bound.
    const cpuRows = report.routes.filter((r) => r.gateway.cpuMsPerRequest);
    if (cpuRows.length) {
      const processes = Object.keys(cpuRows[0].gateway.cpuMsPerRequest).filter((p) => p !== 'total');
      lines.push(`### CPU per request at ${o.connections} connections (ms, per process)`, '');
      lines.push(`| route | ${processes.join(' | ')} | total |`, `|---|${processes.map(() => '---:').join('|')}|---:|`);
      for (const r of cpuRows) {
        const c = r.gateway.cpuMsPerRequest;
        lines.push(`| ${r.route} | ${processes.map((p) => fmt(c[p], 2)).join(' | ')} | ${fmt(c.total, 2)} |`);
      }
      lines.push('');
    }
  }
  if (report.nats) {
    const n = report.nats;
    lines.push(
      `NATS request/reply, empty handler: p50 ${fmt(n.sequential.p50, 3)} ms, p99 ${fmt(n.sequential.p99, 3)} ms (one at a time); ` +
        `${n.concurrent.rps} req/s at ${o.connections} in flight (p50 ${fmt(n.concurrent.p50, 3)} ms).`,
      '',
    );
  }
  if (report.mixed) {
    const m = report.mixed;
    lines.push(`## Mixed load (target: ${t.mixedP95Ms} ms p95, ${t.mixedP99Ms} ms p99, zero errors)`, '');
    lines.push(
      `${m.seconds} s at ${m.targetRps} req/s (achieved ${fmt(m.achievedRps, 0)}): ${m.requests} requests, p50 ${fmt(m.p50)} · p95 ${fmt(m.p95)} · p99 ${fmt(m.p99)} ms, ` +
        `errors ${m.errors}, non-2xx ${m.non2xx} ${ok(m.meetsTarget)}`,
      '',
    );
    if (m.windows?.length)
      lines.push(`p95 per 10 s window: ${m.windows.map((w) => fmt(w.p95, 0)).join(' · ')} ms.`, '');
    lines.push('| kind | share | requests | p50 | p95 | p99 | non-2xx |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const k of m.kinds)
      lines.push(
        `| ${k.kind} | ${k.share}% | ${k.requests} | ${fmt(k.p50)} | ${fmt(k.p95)} | ${fmt(k.p99)} | ${k.non2xx + k.errors} |`,
      );
    lines.push('', '| process | CPU % of one core | RSS avg MB | RSS peak MB |', '|---|---:|---:|---:|');
    for (const p of m.processes)
      lines.push(`| ${p.process} | ${fmt(p.cpuPercent)} | ${fmt(p.rssMbAvg)} | ${fmt(p.rssMbPeak)} |`);
    lines.push('');
  }
  if (report.live) {
    const l = report.live;
    lines.push('## Live streams (target: 10,000 streams on one replica; POST answered → event p95 < 100 ms)', '');
    lines.push(
      `${l.people} people signed in, ${l.tabsEach} tabs each at most; messages between the two people of their conversations; the first 5 s of each run not counted.`,
      '',
      '| replicas | streams | failed opens | KB per stream | msg/s | POST p95 | delivery p50 | p95 | p99 | max | lost | dup | load 1-min start → end |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const ph of l.phases)
      lines.push(
        `| ${ph.replicas} | ${ph.streams} | ${ph.openFailed} | ${ph.kbPerStream ?? '–'} | ${fmt(ph.achievedRps)} | ${fmt(ph.post.p95)} | ${fmt(ph.delivery.p50)} | ${fmt(ph.delivery.p95)} | ${fmt(ph.delivery.p99)} | ${fmt(ph.delivery.max)} | ${ph.lost} | ${ph.duplicates} | ${ph.loadAvgAtStart[0]} → ${ph.loadAvgAtEnd[0]} |`,
      );
    lines.push('');
  }

  if (report.alerts) {
    const a = report.alerts;
    lines.push(
      '## Saved searches (target: matcher p95 < 20 ms; listing committed → bell event p95 < 1 s at 20 listings/s; memory flat)',
      '',
      `${a.searches.toLocaleString('en')} saved searches of ${a.people.toLocaleString('en')} people; ${a.listings} listings posted through the gateway at ${a.achievedRate}/s (asked ${a.rate}/s for ${a.seconds} s), each matching one signed-in person's search (read in their open stream) among others: matches per listing p50 ${fmt(a.matchesPerListing.p50, 0)}, p95 ${fmt(a.matchesPerListing.p95, 0)}, max ${fmt(a.matchesPerListing.max, 0)}.`,
      '',
      '| matcher p50 | p95 | p99 | committed → bell p50 | p95 | p99 | max | lost | failed posts | alerts RSS MB before → peak → after | |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
      `| ${fmt(a.matcher.p50)} | ${fmt(a.matcher.p95)} | ${fmt(a.matcher.p99)} | ${fmt(a.endToEnd.p50)} | ${fmt(a.endToEnd.p95)} | ${fmt(a.endToEnd.p99)} | ${fmt(a.endToEnd.max)} | ${a.lost} | ${a.failures} | ${fmt(a.alertsRssMb.before)} → ${fmt(a.alertsRssMb.peak)} → ${fmt(a.alertsRssMb.after)} | ${ok(a.meetsTarget)} |`,
      '',
    );
    for (const st of a.explain) lines.push(`- EXPLAIN ANALYZE \`${st.sql}…\`: ${fmt(st.executionMs, 2)} ms`);
    lines.push('');
  }
  if (report.export) {
    const e = report.export;
    lines.push('## Data export (a heavy account)', '');
    lines.push(
      `${e.messages.toLocaleString('en')} messages and ${e.listings} listings added to one seller; one export through the gateway.`,
      '',
      '| ready s | ready + download s | archive MB | identity RSS MB (rest → peak) | media RSS MB (rest → peak) | gateway RSS MB (rest → peak) |',
      '|---|---|---|---|---|---|',
      `| ${e.readySeconds.toFixed(1)} | ${e.totalSeconds.toFixed(1)} | ${(e.archiveBytes / 1e6).toFixed(1)} | ${e.identityRssMbBefore} → ${e.identityRssMbPeak} | ${e.mediaRssMbBefore} → ${e.mediaRssMbPeak} | ${e.gatewayRssMbBefore} → ${e.gatewayRssMbPeak} |`,
      '',
    );
  }
  if (report.uploads) {
    const u = report.uploads;
    lines.push('## Photo uploads', '');
    lines.push(
      `A ${u.photo.width} × ${u.photo.height} ${u.photo.format} of ${u.photo.kb} KB with EXIF (camera, GPS, orientation), uploaded through the gateway to media by one signed-in person, closed loop: each uploader sends the next photo when its 201 arrives (checked, turned, stripped, WebP at 320/800/1600 px and the placeholder, stored, recorded); ${u.seconds} s per concurrency after a warm-up.`,
      '',
      '| uploaders | uploads | uploads/s | p50 ms | p95 ms | p99 ms | failed | media CPU % | media CPU ms per upload | gateway CPU % | load 1-min start → end |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const ph of u.phases)
      lines.push(
        `| ${ph.concurrency} | ${ph.uploads} | ${fmt(ph.uploadsPerSecond, 2)} | ${fmt(ph.latencyMs.p50, 0)} | ${fmt(ph.latencyMs.p95, 0)} | ${fmt(ph.latencyMs.p99, 0)} | ${ph.failed} | ${fmt(ph.cpuPercent.media)} | ${ph.mediaCpuMsPerUpload ?? '–'} | ${fmt(ph.cpuPercent.gateway)} | ${ph.loadAvgAtStart[0]} → ${ph.loadAvgAtEnd[0]} |`,
      );
    lines.push('');
  }

  if (report.mediaAttack) {
    const a = report.mediaAttack;
    lines.push('## Media under attack (targets: media under 300 MB, a stored image p95 under 100 ms)', '');
    lines.push(
      `For ${a.seconds} s, through the gateway: ${a.bombs} loops sending a ${a.bomb.kb} KB ${a.bomb.width} × ${a.bomb.height} ${a.bomb.bitDepth}-bit RGBA PNG, ${a.abandoned.inFlight} loops each opening an upload of ${a.abandoned.declaredMb} MB, sending ${a.abandoned.sentMb} MB and leaving after ${a.abandoned.holdMs / 1000} s, and one loop fetching a stored 1600 px image.`,
      '',
      '| media RSS before → peak → after, MB | image p50 / p95 / p99 ms (idle p95) | image requests, failed | media CPU % | bombs answered | abandoned answered | meets target |',
      '|---|---|---|---:|---|---|---|',
      `| ${a.media.rssMbBefore} → ${a.media.rssMbPeak} → ${a.media.rssMbAfter} | ${fmt(a.image.latencyMs.p50)} / ${fmt(a.image.latencyMs.p95)} / ${fmt(a.image.latencyMs.p99)} (${fmt(a.imageIdle.latencyMs.p95)}) | ${a.image.requests}, ${a.image.failures} | ${fmt(a.media.cpuPercent)} | ${JSON.stringify(a.bombAnswers)} | ${JSON.stringify(a.abandonedAnswers)} | ${a.meetsTarget ? 'yes' : 'no'} |`,
      '',
    );
  }

  if (report.polling) {
    const p = report.polling;
    lines.push(
      `## Messaging under polling (target ≥ ${t.pollingClients} clients on one replica with p95 < 100 ms)`,
      '',
    );
    lines.push(
      `Pages open 100 a second, then are measured for the step's seconds; ${p.sessions} people signed in, each writing a message every ${p.sendEvery} s on average; through the gateway, polls revalidate (If-None-Match).`,
      '',
    );
    lines.push(
      '| via | replicas | clients | req/s | p50 | p95 | p99 | 304 % | errors | sends p95 | machine busy % | messaging CPU % | gateway CPU % | held |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|',
    );
    for (const s of p.steps) {
      const gatewayCpu = s.processes.find((x) => x.process === 'gateway')?.cpuPercent;
      lines.push(
        `| ${s.transport ?? 'gateway'} | ${s.replicas} | ${s.clients} | ${fmt(s.rps, 0)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${fmt((s.notModifiedShare ?? 0) * 100, 0)} | ${s.errors + s.non2xx} | ${s.sends?.count ? fmt(s.sends.p95) : '–'} | ${fmt(s.machineBusyPercent)} | ${fmt(s.messagingCpu)} | ${fmt(gatewayCpu)} | ${ok(s.held)} |`,
      );
    }
    const held = (k) => p.maxHeld[k] ?? 0;
    lines.push(
      '',
      `Largest held through the gateway: one replica ${held('gateway:1')}, two ${held('gateway:2')}; messaging alone over NATS: one replica ${held('nats:1')}, two ${held('nats:2')}.`,
      '',
    );
  }
  if (report.web) {
    const w = report.web;
    lines.push(
      `## Web app (targets: initial route ≤ ${t.webInitialKb} kB gzipped JS, Home LCP < ${t.lcpHomeMs} ms)`,
      '',
    );
    lines.push('| route | JS files | gzipped kB |', '|---|---:|---:|');
    for (const r of w.routes) lines.push(`| ${r.route} | ${r.files} | ${fmt(r.gzipKb)} |`);
    lines.push('', `Initial (entry + preloads): ${fmt(w.initialKb)} kB ${ok(w.initialKb <= t.webInitialKb)}.`);
    if (w.homeHtmlKb !== undefined)
      lines.push(`index.html (Home prerendered: HTML and styles): ${fmt(w.homeHtmlKb)} kB gzipped.`);
    for (const l of w.lcp ?? [])
      lines.push(
        `LCP ${l.page}: ${fmt(l.lcpMs, 0)} ms (${l.element ?? '?'}) ${l.page === 'Home' ? ok(l.lcpMs !== null && l.lcpMs < t.lcpHomeMs) : ''}; Stripe.js requested: ${l.stripeRequested ? 'yes ❌' : 'no'}`,
      );
    if (w.lighthouse) {
      const lt = w.lighthouse.targets;
      lines.push(
        '',
        `Lighthouse ${w.lighthouse.pages[0]?.lighthouseVersion ?? ''}, ${w.lighthouse.settings} (targets: performance ≥ ${lt.performanceHomeAndProduct} on Home and a product page and TBT ≤ ${lt.tbtMs} ms, or ≥ ${lt.slowHostPerformance} and TBT ≤ ${lt.slowHostTbtMs} ms on a host with benchmarkIndex ≤ ${lt.slowHostIndex} (a low-end phone); CLS ≤ ${lt.cls}, accessibility ${lt.accessibility}; each run's score with the benchmarkIndex it measured):`,
        '',
      );
      lines.push(
        '| page | performance (runs @ benchmarkIndex) | CLS | TBT ms | LCP ms | accessibility | targets |',
        '|---|---:|---:|---:|---:|---:|---|',
      );
      for (const p of w.lighthouse.pages) {
        lines.push(
          p.error
            ? `| ${p.page} | ${p.error} | | | | | ❌ |`
            : `| ${p.page} | ${p.performance} (${p.performanceRuns.map((score, i) => `${score} @ ${p.benchmarkIndexRuns?.[i] ?? '?'}`).join(', ')}) | ${p.cls} | ${p.tbtMs} | ${p.lcpMs} | ${p.accessibility} | ${ok(p.meetsTargets)} |`,
        );
      }
    }
    if (w.lighthouseError) lines.push(`Lighthouse error: ${w.lighthouseError}`);
    if (w.error) lines.push(`Web measurement error: ${w.error}`);
    lines.push('');
  }
  // A partial run (--only/--skip/--mixed 0) does not replace the full run's table.
  const all = ['catalog', 'signed-in', 'mixed', 'polling', 'live', 'uploads', 'media-attack', 'web'];
  const parts = report.options.parts ?? all;
  const suffix = all.every((p) => parts.includes(p)) ? '' : `-${parts.join('+')}`;
  const file = path.join(dir, `latest-${report.options.products}${suffix}.md`);
  writeFileSync(file, lines.join('\n'));
  return file;
}
