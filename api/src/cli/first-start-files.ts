// `node --import tsx src/cli/first-start-files.ts <folder>`, run by build.mjs with `dist`: what a first start on a
// new data folder reads instead of making it (paths.ts, firstStartFilesDir): a new embedded database with every
// migration (`pglite-template`, src/db/pglite-template.ts) and the sample content's images, drawn once
// (`seed-posters`, src/db/seed/poster-images.ts). The resilience tests make one for the servers they start from
// the sources (FIRST_START_FILES).
import path from 'node:path';
import { PGLITE_START_PARAMS } from '../db/pglite';
import { makeTemplate, TEMPLATE_NAME } from '../db/pglite-template';
import { PORTFOLIO_SEEDS } from '../db/seed/portfolio-content';
import { SEED_POSTERS_NAME, writeBuiltPosters } from '../db/seed/poster-images';
import { POST_SEEDS } from '../db/seed/posts';
import { migrationsDir } from '../paths';

const folder = process.argv[2];
if (!folder) {
  process.stderr.write('usage: first-start-files.ts <folder>\n');
  process.exit(2);
}
const dir = path.resolve(folder);

let started = performance.now();
const manifest = await makeTemplate(path.join(dir, TEMPLATE_NAME), migrationsDir, PGLITE_START_PARAMS);
process.stdout.write(
  `${path.join(folder, TEMPLATE_NAME)}: a new database with ${manifest.migrations.length} migrations ` +
    `(PGlite ${manifest.pglite}), ${Math.round(performance.now() - started)} ms\n`,
);

started = performance.now();
// As the seeds ask for them: the posts' posters by their order (English, then Arabic), the portfolio's by seed.
const posts = [...POST_SEEDS.en, ...POST_SEEDS.ar].map((_, i) => i);
const portfolio = PORTFOLIO_SEEDS.flatMap((seed) => [seed.cover, ...seed.gallery]);
await writeBuiltPosters(path.join(dir, SEED_POSTERS_NAME), [...posts, ...portfolio]);
process.stdout.write(
  `${path.join(folder, SEED_POSTERS_NAME)}: ${new Set([...posts, ...portfolio]).size} posters, ` +
    `${Math.round(performance.now() - started)} ms\n`,
);
