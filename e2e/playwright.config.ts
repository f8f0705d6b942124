import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '../api/node-flags.mjs';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * The suite runs as two halves side by side, each on its own server (ports PORT and PORT + 1) with its own
 * fresh embedded database, upload folder and editor account, each half one spec file at a time: a spec never
 * shares a server with one running beside it (account.spec.ts changes the editor's password and signs out its
 * other sessions; the site editors' specs change the settings every page reads). Most of a spec's time is
 * spent waiting (on pages, timers, the server), so two halves on two cores take a little over half the time
 * of one. The halves are balanced by measured time; a new spec goes into the lighter one.
 */
const SECOND_HALF = [
  'admin.spec.ts',
  'axe.spec.ts',
  'keyboard.spec.ts',
  'layout-shift.spec.ts',
  'marketing.spec.ts',
  'media-library.spec.ts',
  'preview.spec.ts',
  'revisions.spec.ts',
  'search.spec.ts',
  'server-render.spec.ts',
];
const HALVES = [
  { name: 'first', port: PORT, testIgnore: SECOND_HALF },
  { name: 'second', port: PORT + 1, testMatch: SECOND_HALF },
];

/**
 * The suite's browser: Debian's `chromium-headless-shell` when it is installed, else `chromium` (or
 * `CHROMIUM_PATH`). The headless shell is the same Blink and V8 without the desktop browser around them: a page
 * loads on half the CPU (measured on the 2-core machine: a new context with a blank page 0.79 -> 0.38 CPU-seconds,
 * the home page until hydrated 4.7 -> 2.7), and CPU is what the suite waits on. What needs the desktop browser
 * (installability) launches `FULL_CHROMIUM_PATH`.
 */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM_PATH);

/** `E2E_TRACE=retain-on-failure` keeps a trace of each failed test (off by default: tracing costs a fifth of the CPU). */
const TRACE = process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off';

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
  workers: HALVES.length,
  retries: 0,
  // Limits for a machine busy with the other half, its servers and browsers: a page that loads in 2 s on a quiet
  // machine took 6 to 8 s in CI. A test that passes takes no longer for them; one that fails says so within them.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: HALVES.map(({ name, port, testIgnore, testMatch }) => ({
    name,
    testIgnore,
    testMatch,
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${port}` },
  })),
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    // The service worker fills its caches at install, in every new context: 1 to 2 CPU-seconds a page that a spec
    // about something else waits behind. The specs about the installed app and offline reading allow it.
    serviceWorkers: 'block',
    trace: TRACE,
  },
  webServer: HALVES.map(({ port }) => ({
    // The production server as `pnpm start` runs it, with its Node flags (api/node-flags.mjs).
    command: ['node', ...SERVER_NODE_FLAGS, '../api/dist/server.js'].join(' '),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A first start makes and seeds a new database: seconds alone, longer on a machine busy with other work.
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // A fresh embedded database and upload folder for every run and every half.
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agency-e2e-')),
      API_KEY: 'e2e-key',
      // Every spec's browser sends its contact messages from this one address.
      CONTACT_RATE_LIMIT: '1000',
      DATABASE_URL: '',
      // The first editor, created at start (api: EDITOR_EMAIL / EDITOR_PASSWORD).
      EDITOR_EMAIL: 'editor@example.com',
      EDITOR_PASSWORD: 'correct-horse-battery',
      EDITOR_NAME: 'E2E Editor',
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
