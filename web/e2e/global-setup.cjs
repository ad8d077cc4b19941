// Starts the product once for all browser tests. Uses the built packages (npm test builds first).
const { startTestInfra, freePort } = require('@souvenir/testing');

module.exports = async () => {
  // NATS with a user per process, as npm start runs it.
  const infra = await startTestInfra({ natsUsers: true });
  const { startStack } = await import('../../scripts/stack.mjs');
  const port = await freePort();
  // Health ports 24001-32005: below Linux's ephemeral range (32768+), where an outgoing connection may already hold
  // the port a service is about to bind (EADDRINUSE at start-up, seen in a full run), as in tests/support/stack.ts.
  const portOffset = 20_000 + Math.floor(Math.random() * 8_000);
  const logs = [];
  const [mailSmtpPort, mailWebPort] = [await freePort(), await freePort()];
  const stack = await startStack({
    env: {
      ...infra.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_PER_IP: '1000',
      REGISTER_MAX_PER_IP: '1000',
      // Every browser test's guest checkouts come from one IP, within one window.
      WRITE_LIMIT_PAYMENT_INTENTS: '10000/60',
      WRITE_LIMIT_FAVOURITES: '10000/60',
      WRITE_LIMIT_MESSAGES: '10000/60',
      WRITE_LIMIT_LISTINGS: '10000/60',
      UNVERIFIED_WRITE_ALLOWANCE: '10000',
      // The browser tests' sellers are new accounts that list more than a person would in an hour.
      NEW_ACCOUNT_LISTINGS_PER_HOUR: '10000',
      NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR: '10000',
      // An unshipped order is cancelled and refunded after about 26 s (orders.e2e-spec); every other test ships sooner or not at all.
      SHIP_WITHIN_DAYS: '0.0003',
      // The site's origin for identity's passkeys (a WebAuthn RP ID is a host name, never 127.0.0.1).
      PUBLIC_URL: `http://localhost:${port}`,
    },
    port,
    portOffset,
    natsPasswords: infra.natsPasswords,
    // Every mail goes to a MailDev of this run; the tests read it through its REST API (E2E_MAILDEV_URL).
    mailDev: { smtpPort: mailSmtpPort, webPort: mailWebPort },
    log: (name, data) => logs.push(`[${name}] ${data}`),
  }).catch((error) => {
    process.stderr.write(logs.join(''));
    throw error;
  });
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_NATS_URL = infra.natsUrl;
  process.env.E2E_MAILDEV_URL = `http://127.0.0.1:${mailWebPort}`;
  // The orders test gives one of its people the support role, as `npm run support:grant` does (database access).
  process.env.E2E_DATABASE_URL = infra.env.DATABASE_URL;
  globalThis.__E2E__ = { infra, stack, logs };
};
