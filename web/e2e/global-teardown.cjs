module.exports = async () => {
  const e2e = globalThis.__E2E__;
  if (!e2e) return;
  await e2e.stack.stop();
  await e2e.infra.stop();
  if (process.env.E2E_SHOW_LOGS) process.stderr.write(e2e.logs.join(''));
};
