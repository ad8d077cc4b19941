// `npm run bench -- --profile DIR`: loaded into every stack process with `node --require` (Node 24 refuses
// `--cpu-prof` in NODE_OPTIONS). Samples the process's CPU with the inspector's profiler and writes
// DIR/<process>-<pid>.cpuprofile when the process exits (the bench stops the stack with SIGTERM, and every
// process exits through its graceful shutdown). Open the file in Chrome DevTools, or summarise it with
// `node bench/profile/summarise.mjs DIR`.
const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const inspector = require('node:inspector');
  const fs = require('node:fs');
  const path = require('node:path');
  const session = new inspector.Session();
  session.connect();
  // 500 µs: fine enough for a request that costs 1-2 ms of CPU, cheap enough not to change the figures much.
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.enable');
  session.post('Profiler.start');
  const name = path.basename(path.dirname(path.dirname(process.argv[1] ?? 'node'))) || 'node';
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // On the main thread, post() runs its callback synchronously, so the file is written right here.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  // At SIGTERM (the load is over; a process still draining keep-alive connections may be SIGKILLed later,
  // and would never reach 'exit'), and at exit for a process that stops by itself. The process's own
  // SIGTERM handlers still run: adding a listener does not replace them.
  process.once('SIGTERM', write);
  process.once('exit', write);
}
