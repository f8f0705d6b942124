import { defineConfig } from 'vitest/config';

/**
 * Load, crash and outage tests against real server processes (src/resilience). One file at a time: each
 * spawns servers and loads the machine's two cores on its own, and timings (a 503 within a second) would mean
 * nothing with another file competing for them.
 */
export default defineConfig({
  test: {
    include: ['src/resilience/**/*.test.ts'],
    environment: 'node',
    // The first-start files of a production build, made once for every server the tests start (global-setup.ts).
    globalSetup: ['src/resilience/global-setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    hookTimeout: 120_000,
    testTimeout: 180_000,
  },
});
