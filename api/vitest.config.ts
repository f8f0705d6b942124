import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Real server processes under load, crashes and outages: their own run (vitest.resilience.config.ts).
    exclude: [...configDefaults.exclude, 'src/resilience/**'],
    environment: 'node',
    // One new, empty PGlite database made once, copied by every suite (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Two files at a time, even on two cores (vitest's default there is one): most of a file's time is spent
    // waiting, on a database, a timer or a scheduled moment, while the other file runs.
    maxWorkers: 2,
    // Booting PGlite (PostgreSQL compiled to WebAssembly) takes a few seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
