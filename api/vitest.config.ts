import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Booting PGlite (PostgreSQL compiled to WebAssembly) takes a few seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
