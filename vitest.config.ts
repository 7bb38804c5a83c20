import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure modules, tests beside them), `integration` (a real server on port 0,
// real sockets, a real SQLite file; the load tools against it too) and `browser` (headless Chromium against the built client).
export default defineConfig({
  test: {
    // Both cores: Vitest's default leaves one free (one worker on a 2-core machine), while most of a browser
    // or integration test's time is spent waiting on its hub, Chromium or a service.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'server/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts', 'loadtest/test/**/*.test.ts'],
          testTimeout: 20_000,
          // A hub's start (migrations, demo seed, backfill) beside a busy second worker can pass 10 s.
          hookTimeout: 30_000,
          // Vitest's 1 s default for `expect.poll` is a slow machine's ordinary delay: polls that come true
          // come true sooner or later, and one that never does still fails.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['client/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A route's chunk, its API answers and a render beside another browser and hub: seen over 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
