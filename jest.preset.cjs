// Shared jest settings: TypeScript through ts-jest (transpile only: `npm run build` type-checks),
// workspace libraries from source, and the three kinds of test files beside the code and under test/.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.spec.json'), diagnostics: false }],
  },
  moduleNameMapper: {
    '^@souvenir/(contracts|platform|testing)$': path.join(__dirname, 'libs/$1/src/index.ts'),
  },
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['reflect-metadata'],
  testTimeout: 60_000,
};
