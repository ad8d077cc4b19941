// Every package's unit, integration and end-to-end tests. The fault, security and deployment suites (tests/, deploy/)
// and the browser tests run one file at a time in their own steps (scripts/test.mjs): they start whole stacks and
// measure deadlines, which a second test file competing for the two cores would blur.
module.exports = {
  // testTimeout is a global option: a project's own setting is ignored when jest runs several projects.
  testTimeout: 90_000,
  projects: [
    '<rootDir>/libs/*/jest.config.cjs',
    '<rootDir>/services/*/jest.config.cjs',
    '<rootDir>/gateway/jest.config.cjs',
    '<rootDir>/web/jest.config.cjs',
  ],
};
