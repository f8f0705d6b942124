// Production build: ESM bundles dist/server.js, dist/editor-create.js, dist/backup.js, dist/images-to-s3.js,
// dist/sanitize-worker.js and dist/pglite-worker.js, then dist/pglite-template (a new embedded database) and
// dist/seed-posters (the seed's images).
// Workspace packages (@agency/*) are TypeScript source, so they are bundled; every other package stays an import
// resolved from node_modules at run time (PGlite finds its WebAssembly next to its own files, pg and fastify load
// their optional parts themselves).
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('esbuild').Plugin} */
const externalizeDependencies = {
  name: 'externalize-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@agency/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(path.join(packageDir, 'dist'), { recursive: true, force: true });
const result = await build({
  absWorkingDir: packageDir,
  // The server, the commands that add editor accounts, back up or restore the site and copy images to S3 where
  // only the build is installed, the thread that cleans long post content (src/lib/sanitize-pool.ts loads it from
  // beside the server) and the embedded database's thread (src/db/pglite.ts loads it from beside the server too).
  entryPoints: {
    server: 'src/server.ts',
    'editor-create': 'src/cli/editor-create.ts',
    backup: 'src/cli/backup.ts',
    'images-to-s3': 'src/cli/images-to-s3.ts',
    'sanitize-worker': 'src/lib/sanitize-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Code split into chunks beside the entries (in dist/ itself: modules find files from their own address):
  // what src/server.ts imports at run time (the app, with the packages only it needs) loads while the database
  // opens, not before.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  // The production server runs the production builds of what it loads at run time: React renders the public
  // pages, and its development build is half as fast. NODE_ENV set by the caller still wins.
  banner: { js: "process.env.NODE_ENV ??= 'production';" },
  logLevel: 'info',
  metafile: true,
  plugins: [externalizeDependencies],
});

// dist/ must stay one folder below the package: src/paths.ts finds drizzle/ (the migrations) from there.
const outputs = Object.keys(result.metafile.outputs);
for (const expected of [
  'dist/server.js',
  'dist/editor-create.js',
  'dist/backup.js',
  'dist/images-to-s3.js',
  'dist/sanitize-worker.js',
  'dist/pglite-worker.js',
]) {
  if (!outputs.includes(expected)) throw new Error(`unexpected build outputs: ${outputs.join(', ')}`);
}

// What a first start reads instead of making it (src/paths.ts, firstStartFilesDir): the new database (initdb and
// the migrations, src/db/pglite-template.ts) and the seed's posters (src/db/seed/poster-images.ts), made here
// with this build's PGlite, migrations and drawings, in a process of its own (initdb's memory goes with it).
const firstStart = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/first-start-files.ts', 'dist'], {
  cwd: packageDir,
  stdio: 'inherit',
});
if (firstStart.status !== 0)
  throw new Error(`making the first-start files in dist failed (${firstStart.status})`);
