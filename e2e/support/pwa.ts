import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repo, startServer } from './servers';

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
  const server = await startServer(port, { WEB_ROOT: webRoot });
  return { ...server, webRoot };
}
