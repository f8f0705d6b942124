import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { apiPackageDir } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The first-start files the production build makes (paths.ts, firstStartFilesDir), made once for the run. */
    firstStartFiles: string;
  }
}

/**
 * Once per run: the files the production build makes for a first start (a new database with every migration,
 * the seed's images), so the servers these tests start from the sources begin as the production server does,
 * instead of running initdb and drawing the images at every first start (10 to 15 s each on the 2-core machine).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-resilience-first-start-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/first-start-files.ts', dir], {
    cwd: apiPackageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`making the first-start files failed (exit ${code})`);
  project.provide('firstStartFiles', dir);
  return () => rm(dir, { recursive: true, force: true });
}
