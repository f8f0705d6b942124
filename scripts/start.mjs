// `pnpm start`: build whatever is missing or older than its sources, then run the one production process
// (API, every front-end build, locales and uploads on one port) inside this very Node process.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildArgs, staleBuilds } from './builds.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stale = staleBuilds(root);
if (stale.length > 0) {
  console.log(`Building ${stale.join(', ')}...`);
  execFileSync('pnpm', buildArgs(stale), { cwd: root, stdio: 'inherit' });
}

await import(pathToFileURL(join(root, 'api', 'dist', 'server.js')).href);
