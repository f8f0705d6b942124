// `pnpm start`: build whatever is missing or older than its sources, then run the one production process
// (API, every front-end build, locales and uploads on one port) inside this very Node process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['root-config', 'mf-shell', 'mf-marketing', 'mf-blog', 'mf-admin', 'api'];
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'build.mjs', 'drizzle'];
const SKIP = new Set(['node_modules', 'dist']);

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

const coreChanged = newest(join(root, 'core', 'src'));
const stale = PACKAGES.filter((pkg) => {
  const dist = join(root, pkg, 'dist');
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const changed = Math.max(coreChanged, ...SOURCES.map((s) => newest(join(root, pkg, s))));
  return changed > built;
});

if (stale.length > 0) {
  console.log(`Building ${stale.join(', ')}...`);
  const filters = stale.flatMap((pkg) => ['--filter', `./${pkg}`]);
  execFileSync('pnpm', ['-r', '--workspace-concurrency=2', ...filters, 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}

await import(pathToFileURL(join(root, 'api', 'dist', 'server.js')).href);
