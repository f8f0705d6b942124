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
    // A worker runs its files one after another in one module graph (the suites share no module state: each
    // builds its own app on its own database), instead of importing Fastify, the routes and drizzle again for
    // each of the 86 files: 120 s of the suite's 560 on the 2-core machine, 16 s so.
    isolate: false,
    // Booting PGlite (PostgreSQL compiled to WebAssembly) takes a few seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
