// Every package's unit, integration and end-to-end tests (browser tests run separately: see scripts/test.mjs).
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.cjs', '<rootDir>/services/*/jest.config.cjs', '<rootDir>/gateway/jest.config.cjs', '<rootDir>/deploy/jest.config.cjs', '<rootDir>/tests/jest.config.cjs'],
};
