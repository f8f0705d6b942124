// Builds a micro-frontend with Vite. @module-federation/vite 1.23 picks the named exports of an `import: false`
// share from an analysis of the importing modules; on a loaded machine that analysis now and then comes back
// short and the build stops with MISSING_EXPORT for names that are there (seen twice in parallel workspace
// builds; twice in a row once, while two remotes built side by side on a machine running a test suite). Such a
// build is run again, up to three more times; any other failure stops at once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The package's own Vite (its bin is not in the package's exports map, so no require.resolve).
const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');

function build(...args) {
  const result = spawnSync(process.execPath, [vite, 'build', ...args], { encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  return result;
}

const ATTEMPTS = 4;
let result = build();
for (let attempt = 1; attempt < ATTEMPTS; attempt++) {
  if (result.status === 0 || !/MISSING_EXPORT[\s\S]*__loadShare__/.test(`${result.stdout}${result.stderr}`))
    break;
  console.warn('Module Federation export analysis came back short: building once more.');
  result = build();
}
// The server entry (dist/server/entry.js), for remotes that render on the server.
if (result.status === 0 && existsSync(join(process.cwd(), 'src', 'server.tsx')))
  result = build('--ssr', 'src/server.tsx');
process.exit(result.status ?? 1);
