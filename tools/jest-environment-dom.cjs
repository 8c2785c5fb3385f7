// jsdom, plus the platform's fetch `Response` (jsdom has none): UI tests answer their fetch stand-ins
// with real responses, as a browser's fetch does; the typed API client (@store/contracts/http, on
// openapi-fetch) reads status, headers and the body text of what fetch gives it.
const { TestEnvironment } = require('jest-environment-jsdom');

module.exports = class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (typeof this.global.Response === 'undefined') this.global.Response = Response;
  }
};
