// `npm run bench -- --profile DIR`: loaded into every stack process with `node --require` (Node 24 refuses
// `--cpu-prof` in NODE_OPTIONS). Samples the process's CPU with the inspector's profiler and writes
// DIR/<process>-<pid>.cpuprofile when the bench asks for it (SIGUSR2, once the load is over and while the stack still
// runs), or else when the process exits. Open the file in Chrome DevTools, or summarise it with
// `node bench/profile/summarise.mjs DIR`.
//
// Why SIGUSR2 and not SIGTERM alone: ending the profiler and writing a profile of several minutes takes each process
// seconds of CPU, and at SIGTERM every process of the stack does it at once, on two shared cores, while the launcher
// SIGKILLs whatever has not exited 8 s later: on a loaded machine no file at all was written. Asked before the stop,
// the processes write while nothing else is going on, and the bench waits for their files (bench/lib/infra.mjs).
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
      // Written under another name, then renamed: a file with the final name is complete.
      const file = path.join(dir, `${name}-${process.pid}.cpuprofile`);
      fs.writeFileSync(`${file}.partial`, JSON.stringify(result.profile));
      fs.renameSync(`${file}.partial`, file);
    });
  };
  // When the bench asks (SIGUSR2); else at SIGTERM (a process still draining keep-alive connections may be SIGKILLed
  // later, and would never reach 'exit'), and at exit for a process that stops by itself. The process's own SIGTERM
  // handlers still run: adding a listener does not replace them.
  process.on('SIGUSR2', write);
  process.once('SIGTERM', write);
  process.once('exit', write);
}
