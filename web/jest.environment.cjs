// jsdom for the web app's component tests. jest-environment-jsdom pins an older jsdom; its abstract base takes the
// jsdom the project chose (a peer dependency), which is all that package adds on top of it.
const JSDOMEnvironment = require('@jest/environment-jsdom-abstract').default;
const jsdom = require('jsdom');

module.exports = class WebEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context, jsdom);
  }
};
