// Browser end-to-end tests: the whole product (every service, the gateway, the built web app) started once
// against fresh Postgres/NATS/Redis, driven in Debian's Chromium through playwright-core.
const path = require('node:path');

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'browser',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  globalSetup: path.join(__dirname, 'global-setup.cjs'),
  globalTeardown: path.join(__dirname, 'global-teardown.cjs'),
  testTimeout: 90_000,
};
