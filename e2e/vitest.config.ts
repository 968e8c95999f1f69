import { defineConfig } from 'vitest/config';

// End-to-end specs: the built product served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
