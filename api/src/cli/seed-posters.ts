// `node --import tsx src/cli/seed-posters.ts <folder>`, run by build.mjs: draws the sample posts' posters and the
// portfolio's images once, for a first start to read instead of drawing them (src/db/seed/poster-images.ts).
import path from 'node:path';
import { PORTFOLIO_SEEDS } from '../db/seed/portfolio-content';
import { writeBuiltPosters } from '../db/seed/poster-images';
import { POST_SEEDS } from '../db/seed/posts';

const folder = process.argv[2];
if (!folder) {
  process.stderr.write('usage: seed-posters.ts <folder>\n');
  process.exit(2);
}
const started = performance.now();
// As the seeds ask for them: the posts' posters by their order (English, then Arabic), the portfolio's by seed.
const posts = [...POST_SEEDS.en, ...POST_SEEDS.ar].map((_, i) => i);
const portfolio = PORTFOLIO_SEEDS.flatMap((seed) => [seed.cover, ...seed.gallery]);
await writeBuiltPosters(path.resolve(folder), [...posts, ...portfolio]);
process.stdout.write(
  `${folder}: ${new Set([...posts, ...portfolio]).size} posters, ${Math.round(performance.now() - started)} ms\n`,
);
