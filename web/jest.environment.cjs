// jsdom for the web app's component tests. jest-environment-jsdom pins an older jsdom; its abstract base takes the
// jsdom the project chose (a peer dependency), which is all that package adds on top of it.
const JSDOMEnvironment = require('@jest/environment-jsdom-abstract').default;
const jsdom = require('jsdom');

module.exports = class WebEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context, jsdom);
    // jsdom has no fetch: the page gets Node's, as a browser has its own. Node's Request takes only Node's
    // AbortSignal (RTK Query aborts through the page's AbortController) and resolves a path against the page, as
    // in a browser ('/api/...').
    const page = this.global;
    Object.assign(page, { fetch, Response, Headers, AbortController, AbortSignal });
    page.Request = class PageRequest extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href) : input, init);
      }
    };
  }
};
