import { defineConfig } from 'vitest/config';

// One test command for the whole monorepo: node-side workspaces share one project,
// the dashboard runs in jsdom. End-to-end specs live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/*/{src,test}/**/*.test.ts',
            'apps/server/{src,test}/**/*.test.ts',
            'apps/snippet/{src,test}/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
