// TypeScript sources first: compiled .js files left beside them in libs/contracts/src must not shadow them.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: require('./package.json').name,
  rootDir: __dirname,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'node'],
};
