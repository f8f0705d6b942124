import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Waits until the service worker has installed (caches filled) and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

export interface Deployment {
  url: string;
  webRoot: string;
  stop: () => Promise<void>;
}

/** A second server over a private copy of the builds, so a test can "deploy" a new version under it. */
export async function startDeployment(port: number): Promise<Deployment> {
  const webRoot = mkdtempSync(join(tmpdir(), 'agency-web-'));
  for (const pkg of ['root-config', 'mf-shell', 'mf-marketing', 'mf-blog', 'mf-admin']) {
    cpSync(join(repo, pkg, 'dist'), join(webRoot, pkg, 'dist'), { recursive: true });
  }
  const child: ChildProcess = spawn(process.execPath, [join(repo, 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_ROOT: webRoot,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agency-data-')),
      DATABASE_URL: '',
      API_KEY: 'e2e-key',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  // A first start makes and seeds a new database: seconds on a quiet machine, a minute or more on a busy one
  // (the same allowance as the suite's own servers, playwright.config.ts). It fails at once if the server exits.
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (exited !== null) throw new Error(`the deployment's server exited (${exited}) before it answered`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the deployment's server did not answer on ${url} within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    webRoot,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
