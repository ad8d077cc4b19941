// CPU and memory of the stack's processes from /proc/<pid>/stat and /proc/<pid>/status (Linux).
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';

const TICKS = 100; // USER_HZ on Linux

function read(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14, 15 of the whole line)
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { ticks, rssKb };
  } catch {
    return null;
  }
}

/** Every postgres process of the machine (the bench's database lives in the machine's shared server). */
function postgresPids() {
  const pids = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** Samples every second from now until stop(): CPU % of one core (average), RSS average and peak, per process. */
export function sampleProcesses(children) {
  const procs = children.map((c) => ({ name: c.name, pid: c.pid, start: read(c.pid), rss: [] }));
  const self = { name: 'bench (load generator)', pid: process.pid, start: read(process.pid), rss: [] };
  procs.push(self);
  // Postgres: every backend seen during the window, its ticks read each second, so that one which exits meanwhile (a
  // pool closes connections idle for 10 s and opens new ones) still counts up to its last reading; new ones count
  // from zero.
  const pgStart = new Map(postgresPids().map((pid) => [pid, read(pid)?.ticks ?? 0]));
  const pgLast = new Map(pgStart);
  const readPostgres = () => {
    for (const pid of postgresPids()) {
      const s = read(pid);
      if (s) pgLast.set(pid, s.ticks);
    }
  };
  const started = Date.now();
  const timer = setInterval(() => {
    for (const p of procs) {
      const s = read(p.pid);
      if (s) p.rss.push(s.rssKb);
    }
    readPostgres();
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      const seconds = (Date.now() - started) / 1000;
      readPostgres();
      let pgTicks = 0;
      for (const [pid, ticks] of pgLast) pgTicks += ticks - (pgStart.get(pid) ?? 0);
      const postgres = {
        process: 'postgres (all backends, machine-wide)',
        pid: null,
        cpuPercent: Math.round((pgTicks / TICKS / seconds) * 1000) / 10,
        rssMbAvg: null,
        rssMbPeak: null,
      };
      return [
        ...procs.map((p) => {
          const end = read(p.pid);
          const cpu = end && p.start ? ((end.ticks - p.start.ticks) / TICKS / seconds) * 100 : null;
          const rss = p.rss.length ? p.rss : end ? [end.rssKb] : [];
          return {
            process: p.name,
            pid: p.pid,
            cpuPercent: cpu === null ? null : Math.round(cpu * 10) / 10,
            rssMbAvg: rss.length ? Math.round(rss.reduce((a, b) => a + b, 0) / rss.length / 102.4) / 10 : null,
            rssMbPeak: rss.length ? Math.round(Math.max(...rss) / 102.4) / 10 : null,
          };
        }),
        postgres,
      ];
    },
    cores: cpus().length,
  };
}
