// Reliability and security suites: real processes and servers (see docs/reliability.md, docs/security.md).
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'reliability-security',
  rootDir: __dirname,
  testTimeout: 120_000,
};
