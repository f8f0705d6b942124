import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// A fresh embedded database and upload folder for every run.
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'agency-e2e-'));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node ../api/dist/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A first start makes and seeds a new database: seconds alone, longer on a machine busy with other work.
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      API_KEY: 'e2e-key',
      // Every spec's browser sends its contact messages from this one address.
      CONTACT_RATE_LIMIT: '1000',
      DATABASE_URL: '',
      // The first editor, created at start (api: EDITOR_EMAIL / EDITOR_PASSWORD).
      EDITOR_EMAIL: 'editor@example.com',
      EDITOR_PASSWORD: 'correct-horse-battery',
      EDITOR_NAME: 'E2E Editor',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
