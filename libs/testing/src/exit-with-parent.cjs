// Preloaded (node --require) into every service process a test starts with startServiceProcess: when the test
// process goes away without stopping it (jest killed, a worker crashed), the IPC channel closes and the service kills
// itself, so no service outlives its test. The channel is unref'd: it never keeps a stopping service alive.
if (process.channel) {
  process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
  process.channel.unref();
}
