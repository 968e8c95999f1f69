// Test support of @bhasha/mt, imported as `@bhasha/mt/testing` by tests and benchmarks only.
export {
  APERTIUM_MODES_DIR,
  apertiumMissingReason,
  startApertium,
  type ApertiumServer,
} from './apertium-server';
