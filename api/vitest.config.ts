import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Real server processes under load, crashes and outages: their own run (vitest.resilience.config.ts).
    exclude: [...configDefaults.exclude, 'src/resilience/**'],
    environment: 'node',
    // Booting PGlite (PostgreSQL compiled to WebAssembly) takes a few seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
