import { sql } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig } from './config';
import { createDb, type DbHandle, targetFromConfig } from './db/client';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
// The database opens first (PGlite compiles its WebAssembly on a thread of its own) while the server's modules
// load here: on two cores the two overlap instead of following each other (the production build splits the
// server so that its routes' modules load only now). They load once the database is opening: before that,
// loading them held up the data folder's claim and copy on the main thread.
let opened = () => {};
const openingStarted = new Promise<void>((resolve) => {
  opened = resolve;
});
const opening = createDb(targetFromConfig(config), { onOpening: () => opened() });
opening.catch(() => {});
const startUpModule = openingStarted.then(() => import('./start-up'));
startUpModule.catch(() => {});
const appModule = openingStarted.then(() => import('./app'));
appModule.catch(() => {});
let handle: DbHandle;
try {
  handle = await opening;
} catch (err) {
  process.stderr.write(`Could not open the database: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
async function cannotPrepare(err: unknown): Promise<never> {
  process.stderr.write(
    `Could not prepare the database: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  await handle.close().catch(() => {});
  process.exit(1);
}
let seeded = false;
let seededPosts = false;
let seededFaq = false;
let seededPricing = false;
let seededPortfolio = false;
let seededHome = false;
let editorCreated = false;
try {
  const {
    createEditor,
    imageStoreOf,
    seedFaq,
    seedHome,
    seedPortfolio,
    seedPosts,
    seedPricing,
    seedServices,
  } = await startUpModule;
  await handle.migrate();
  // Start-up work may wait on another starting process's lock: it runs without the request time limits.
  seeded = await seedServices(handle.setupDb);
  seededFaq = await seedFaq(handle.setupDb);
  seededPricing = await seedPricing(handle.setupDb);
  // The seeds' pictures go where uploads go (the local folder or the S3 bucket).
  const images = imageStoreOf(config);
  seededPortfolio = await seedPortfolio(handle.setupDb, { images });
  seededHome = await seedHome(handle.setupDb);
  seededPosts = await seedPosts(handle.setupDb, { images });
  images.close();
  // The first editor from EDITOR_EMAIL / EDITOR_PASSWORD: created when no account has that e-mail, never
  // changed afterwards (so a password changed later is not reset by a restart).
  if (config.firstEditor)
    editorCreated = (await createEditor(handle.setupDb, config.firstEditor, config.site.name)) !== null;
  // The planner's statistics of the posts, so that a search of a few posts among many reads them through the
  // search index (1.8 ms instead of 11.7 ms among 5,000 posts on PostgreSQL): PostgreSQL's autovacuum keeps
  // them up to date afterwards; PGlite has no autovacuum, so each start renews them.
  await handle.setupDb.execute(sql`ANALYZE posts`);
} catch (err) {
  await cannotPrepare(err);
}
// A new embedded database's thread starts again (what it grew to goes back to the system) while the app is
// built: what the app asks meanwhile waits for the new thread.
const startupDone = handle.startupDone();
startupDone.catch(() => {});
const { buildApp } = await appModule;
const app = await buildApp({
  config,
  db: handle.db,
  changes: handle,
  watch: handle.watch,
  poolStats: () => handle.poolStats(),
  queryTimes: handle.queryTimes,
});
try {
  await startupDone;
} catch (err) {
  await cannotPrepare(err);
}
if (seeded) app.log.info('seeded the services');
if (seededPosts) app.log.info('seeded the sample posts');
if (seededFaq) app.log.info('seeded the FAQ');
if (seededPricing) app.log.info('seeded the pricing plans');
if (seededPortfolio) app.log.info('seeded the portfolio');
if (seededHome) app.log.info('seeded the home page');
if (config.firstEditor) {
  app.log.info(
    { email: config.firstEditor.email },
    editorCreated
      ? 'created the editor account from EDITOR_EMAIL'
      : 'an editor account with EDITOR_EMAIL exists; EDITOR_PASSWORD was not applied to it',
  );
}

// Sessions and rate-limit windows that ended are deleted now and then; any process may do it.
const housekeeping = setInterval(
  () => {
    Promise.all([app.sessions.purge(), app.rateLimiter.purge()]).catch((err) =>
      app.log.warn({ err }, 'housekeeping failed'),
    );
  },
  15 * 60 * 1000,
);
housekeeping.unref();
app.log.info(
  { database: handle.kind, dataDir: config.dataDir, webRoot: config.webRoot },
  handle.kind === 'pglite' ? 'using the embedded PGlite database' : 'using PostgreSQL',
);

/**
 * How long a SIGTERM (or SIGINT) may take (SHUTDOWN_DEADLINE_SECONDS, 10 by default): readiness turns 503 at
 * once and the process keeps serving for READINESS_DRAIN_SECONDS (0 by default) so that load balancers see it,
 * then stops listening, lets the requests in flight finish (the database's own limits end those waiting on it)
 * and the contact outbox finish the e-mails it is sending, then closes the database. Past the deadline the
 * process exits anyway, with EXIT_UNFINISHED.
 */
const SHUTDOWN_DEADLINE_MS = config.shutdownDeadlineMs;
/**
 * The exit status when the deadline passed: a request was still running (its write may or may not be saved,
 * and its visitor got no answer) or the database was not closed (PGlite then recovers at the next start, as
 * after a crash). 0 says every answered write is saved and the database closed cleanly; 1, a failure.
 */
const EXIT_UNFINISHED = 3;

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal, readinessDrainMs: config.readinessDrainMs }, 'shutting down');
  // A stuck request must not keep a deploy waiting forever.
  const force = setTimeout(() => {
    app.log.error(
      { deadlineMs: SHUTDOWN_DEADLINE_MS },
      'shutdown deadline passed with requests running or the database not closed',
    );
    process.exit(EXIT_UNFINISHED);
  }, SHUTDOWN_DEADLINE_MS);
  force.unref();
  try {
    clearInterval(housekeeping);
    // From now on readiness answers 503 and every answer closes its connection (app.ts, Lifecycle).
    app.lifecycle.stop();
    if (config.readinessDrainMs > 0)
      await new Promise((resolve) => setTimeout(resolve, config.readinessDrainMs));
    await app.close();
    await handle.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not start listening');
  await handle.close();
  process.exit(1);
}
// The schemas no request has needed yet, compiled one at a time between requests (lib/lazy-schemas.ts).
void app.pendingSchemas.compileRemaining().then((errors) => {
  for (const err of errors) app.log.error({ err }, 'a route schema does not compile');
});
