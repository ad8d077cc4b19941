// The web app's component and hook tests (Testing Library in jsdom), beside the code as *.spec.ts(x). The browser
// suites under e2e/ have their own config: they need the built app and every service.
const path = require('node:path');
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testEnvironment: path.join(__dirname, 'jest.environment.cjs'),
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: false, compilerOptions: { jsx: 'react-jsx' } },
    ],
  },
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
};
