// "Write on A → new version on B" of `pnpm bench`: two site processes on one PostgreSQL database (as README's
// "Running several processes" has them), an editor renaming one post on A again and again, and B, which keeps
// the post in its read cache, asked until it answers the new title each time. The figure is how long after A's
// answer to the save B first answered the new version: what PostgreSQL's NOTIFY and B's listener add to a write
// (README promises at most 1 second). PostgreSQL only: a PGlite folder belongs to one process. The pure parts
// (the figures, the lines printed) are tested in report.test.mjs; `runCrossProcess` is driven by
// scripts/bench.mjs, which lends it its own helpers (servers, temporary databases, Ctrl-C).
import http from 'node:http';
import { latencyFigures, MIXED_EDITOR, multipart, postFields, send, signIn } from './mixed-load.mjs';

/** Saves measured, each a new title for the same post. */
export const CROSS_PROCESS_WRITES = 100;
/** README's bound for a write in one process to reach another's answers ("Public reads from memory"). */
export const CROSS_PROCESS_BOUND_MS = 1000;

/**
 * The figures of the run: `lags` are, for each save, the ms from A's answer to B's first answer with the new
 * title; `stale` how many of B's answers still had the old one, in all.
 */
export function crossProcessFigures(lags, stale) {
  return {
    ...latencyFigures(lags),
    withinBound: lags.filter((ms) => ms <= CROSS_PROCESS_BOUND_MS).length,
    staleAnswers: stale,
  };
}

/** The lines printed for the run, or why it did not run. */
export function formatCrossProcess(result) {
  const heading = 'Write on A → new version on B (two processes on one PostgreSQL):';
  if (!result || result.skipped) return `${heading} skipped (${result?.skipped ?? 'not run'})`;
  return [
    heading,
    `- ${result.requests} renames on A, each followed by B's \`GET /api/posts/{slug}\` (kept in its read cache) ` +
      'asked again at once until it had the new title',
    `- from A's answer to B's first new answer: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms; ` +
      `${result.withinBound} of ${result.requests} within ${CROSS_PROCESS_BOUND_MS} ms; ` +
      `${result.staleAnswers} answers of B with the old title meanwhile`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Running it.

/**
 * Two sites on a new PostgreSQL database (`postgres.url` the server to make it on), one after the other (the
 * first migrates and seeds), then the renames. `bench` lends scripts/bench.mjs's helpers.
 */
export async function runCrossProcess(bench, postgres) {
  const { startSite, stopChild, createDatabase, dataDir, apiKey, log } = bench;
  if (!('url' in postgres)) return { skipped: postgres.skip };
  log('postgresql, write on A → new version on B:');
  const url = await createDatabase(postgres.url);
  const variables = (name) => ({
    DATA_DIR: dataDir(`cross-process-${name}`),
    DATABASE_URL: url,
    EDITOR_EMAIL: MIXED_EDITOR.email,
    EDITOR_PASSWORD: MIXED_EDITOR.password,
  });
  const a = await startSite('postgresql, process A', variables('a'));
  const b = await startSite('postgresql, process B', variables('b'));
  // Each side's one keep-alive connection: B's answers come as soon as it has them, without a handshake.
  const agents = [a, b].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const [agentA, agentB] = agents;
  try {
    const session = await signIn(a.base, apiKey, '10.0.0.1');
    const slug = `cross-process-${Date.now().toString(36)}`;
    const save = async (title, version) => {
      const form = multipart(postFields(slug, title, version));
      const answer = await send(`${a.base}/api/posts${version ? `/${slug}` : ''}`, {
        method: version ? 'PUT' : 'POST',
        headers: {
          'x-api-key': apiKey,
          cookie: session.cookie,
          'x-csrf-token': session.token,
          'content-type': form.contentType,
        },
        body: form.body,
        agent: agentA,
      });
      if (answer.status !== (version ? 200 : 201))
        throw new Error(`saving the post on A answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      return JSON.parse(answer.body).data.updated_at;
    };
    const readOnB = async () => {
      const answer = await send(`${b.base}/api/posts/${slug}`, {
        headers: { 'x-api-key': apiKey },
        agent: agentB,
      });
      return answer.status === 200 ? JSON.parse(answer.body).title : null;
    };

    let version = await save('Cross-process 0');
    const lags = [];
    let stale = 0;
    for (let n = 1; n <= CROSS_PROCESS_WRITES; n++) {
      // B keeps the current version (asked twice: the second answer comes from its memory).
      for (let i = 0; i < 2; i++) await readOnB();
      const title = `Cross-process ${n}`;
      version = await save(title, version);
      const saved = performance.now();
      for (;;) {
        const seen = await readOnB();
        if (seen === title) break;
        stale += 1;
        if (performance.now() - saved > 30_000)
          throw new Error(`B never answered "${title}" (still "${seen}")`);
      }
      lags.push(performance.now() - saved);
    }
    const figures = crossProcessFigures(lags, stale);
    log(
      `  ${figures.requests} renames: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms, ` +
        `${stale} old answers`,
    );
    return figures;
  } finally {
    for (const agent of agents) agent.destroy();
    await stopChild(a);
    await stopChild(b);
  }
}
