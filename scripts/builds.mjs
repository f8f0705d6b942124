// Which front-end and API builds are missing or older than their sources: `pnpm start` and `pnpm bench`
// build exactly these before they run anything.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// core first: its server build (dist/server.js) is what the micro-frontends' server entries import.
export const PACKAGES = ['core', 'root-config', 'mf-shell', 'mf-marketing', 'mf-blog', 'mf-admin', 'api'];
const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.server.mjs',
  'package.json',
  'build.mjs',
  'drizzle',
];
const SKIP = new Set(['node_modules', 'dist']);
/** Packages whose build holds another package's code too: root-config bundles the shell's browser code. */
const BUNDLED = { 'root-config': ['mf-shell'] };

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (!SKIP.has(entry) && !entry.endsWith('.test.ts') && !entry.endsWith('.test.tsx')) {
      max = Math.max(max, newest(join(path, entry)));
    }
  }
  return max;
}

/** The packages under `root` to build: no `dist`, or a source (core's included, every package ships it) newer. */
export function staleBuilds(root) {
  const coreChanged = newest(join(root, 'core', 'src'));
  return PACKAGES.filter((pkg) => {
    const dist = join(root, pkg, 'dist');
    if (!existsSync(dist)) return true;
    const folders = [pkg, ...(BUNDLED[pkg] ?? [])];
    const changed = Math.max(
      coreChanged,
      ...folders.flatMap((folder) => SOURCES.map((s) => newest(join(root, folder, s)))),
    );
    return changed > statSync(dist).mtimeMs;
  });
}

/** pnpm's arguments that build these packages, two at a time. */
export function buildArgs(packages) {
  return ['-r', '--workspace-concurrency=2', ...packages.flatMap((pkg) => ['--filter', `./${pkg}`]), 'build'];
}
