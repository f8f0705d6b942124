import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Server {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Another server of the production build beside the suite's two, on `port`, with a fresh embedded database and
 * `env` on top of the usual (a copy of the builds to "deploy" over, an SMTP server to mail through).
 */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, [join(repo, 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agency-data-')),
      DATABASE_URL: '',
      API_KEY: 'e2e-key',
      LOG_LEVEL: 'warn',
      ...env,
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
    if (exited !== null) throw new Error(`the server on ${url} exited (${exited}) before it answered`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not answer on ${url} within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
