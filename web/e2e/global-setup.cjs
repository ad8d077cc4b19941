// Starts the product once for all browser tests. Uses the built packages (npm test builds first).
const { startTestInfra, freePort } = require('@souvenir/testing');

module.exports = async () => {
  const infra = await startTestInfra();
  const { startStack } = await import('../../scripts/stack.mjs');
  const port = await freePort();
  const portOffset = 20_000 + Math.floor(Math.random() * 20_000);
  const logs = [];
  const stack = await startStack({
    env: { ...infra.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', LOGIN_MAX_PER_IP: '1000', REGISTER_MAX_PER_IP: '1000' },
    port,
    portOffset,
    log: (name, data) => logs.push(`[${name}] ${data}`),
  }).catch((error) => {
    process.stderr.write(logs.join(''));
    throw error;
  });
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_NATS_URL = infra.natsUrl;
  globalThis.__E2E__ = { infra, stack, logs };
};
