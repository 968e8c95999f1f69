// Test support shared by every workspace's tests, the e2e specs and the benchmarks, imported as
// `@bhasha/contract/testing` (never by product code). It lives here because every workspace
// already reaches @bhasha/contract, which depends on nothing of ours: no import cycle is possible.
export { freePort } from './free-port';
export { headlessChromiumOptions } from './headless-chromium';
