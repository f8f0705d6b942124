// `pnpm bench`: how fast the production server answers, against a bare Fastify hello-world measured in the
// same run. It builds what is missing or stale (like `pnpm start`; --no-build skips that), then starts as child
// processes on free loopback ports: the bare server (scripts/bench/bare-server.mjs), and the site
// (api/dist/server.js) on PGlite and, when PostgreSQL is reachable, on a temporary PostgreSQL database. It
// loads each of them with autocannon from this process (client and servers apart), prints one Markdown table,
// then the first-load JavaScript per route (e2e/scripts/budget.mjs), how long readers wait on each site while
// an editor saves long content (scripts/bench/save-stall.mjs), and 100 clients at once on each database with the
// memory of a first start (scripts/bench/mixed-load.mjs), how soon a write on one of two processes on PostgreSQL
// reaches the other (scripts/bench/cross-process.mjs), and writes it all as JSON (bench/last.json or --out).
// Options: USAGE in scripts/bench/report.mjs, or --help.
// Every child is stopped by its own pid, also on error and Ctrl-C; temp folders and the database are removed.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { formatCrossProcess, runCrossProcess } from './bench/cross-process.mjs';
import { formatMixed, runMixed } from './bench/mixed-load.mjs';
import {
  buildReport,
  formatBudget,
  formatHeading,
  formatSearch,
  formatTable,
  parseBudgetOutput,
  parseOptions,
  REQUESTS,
  SEARCH,
  summarize,
  UNCACHED,
  USAGE,
} from './bench/report.mjs';
import { formatSaveStall, measureSaveStall, SAVE_STALL_ENV } from './bench/save-stall.mjs';
import { SEARCH_P99_TARGET_MS, SEARCH_POSTS, searchPaths, seedSearchSql } from './bench/search.mjs';
import {
  createChildren,
  freePort,
  get,
  HOST,
  Interrupted,
  machineFacts,
  writeReport,
} from './bench/site.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// pg and fastify are the API's dependencies: the bench uses the very same copies.
const requireFromApi = createRequire(join(root, 'api', 'package.json'));
const API_KEY = process.env.API_KEY?.trim() || 'agency-public-key';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const POSTGRES_URLS = ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (err) {
  console.error(`${err instanceof Error ? err.message : err}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const log = (message) => process.stderr.write(`${message}\n`);

// ---------------------------------------------------------------------------------------------------------
// What this process started, so that it can all be stopped and removed whatever happens.

const {
  startChild,
  running,
  ended,
  stopChild,
  stopAll,
  killAll,
  waitUntilReady,
  ensureBuilt,
  startSite,
  ...state
} = createChildren({ root, log, apiKey: API_KEY });
const tempDirs = [];
/** @type {{ adminUrl: string; name: string }[]} */
const tempDatabases = [];
let currentRun = null;

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    currentRun?.stop();
    await stopAll();
    for (const db of tempDatabases.splice(0)) {
      try {
        await withClient(db.adminUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`),
        );
      } catch (err) {
        log(`Could not drop the temporary database ${db.name}: ${err instanceof Error ? err.message : err}`);
      }
    }
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

// The last resort when the process ends some other way: nothing may outlive it.
process.on('exit', () => {
  killAll();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const code = 128 + (os.constants.signals[signal] ?? 1);
    if (state.interrupted) {
      // A second Ctrl-C: no more waiting.
      killAll();
      process.exit(code);
    }
    state.interrupt();
    log(`\n${signal}: stopping the servers and removing the temporary data...`);
    cleanup().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Servers.

async function startBare() {
  const port = await freePort();
  const entry = startChild('bare server', [join(root, 'scripts', 'bench', 'bare-server.mjs')], {
    ...process.env,
    PORT: String(port),
    HOST,
  });
  entry.base = `http://${HOST}:${port}`;
  await waitUntilReady(entry, `${entry.base}/`);
  return entry;
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: the same rule as the API suite (api/src/test/databases.ts).

async function withClient(url, run) {
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const reachable = (url) =>
  withClient(url, (client) => client.query('SELECT 1')).then(
    () => true,
    () => false,
  );

async function findPostgres() {
  const explicit = process.env.DATABASE_URL_TEST;
  if (explicit) {
    // Asked for by name: being unable to reach it is a failure, not a reason to measure less.
    if (await reachable(explicit)) return { url: explicit };
    throw new Error('DATABASE_URL_TEST is set but PostgreSQL is not reachable there');
  }
  for (const url of POSTGRES_URLS) if (await reachable(url)) return { url };
  return { skip: `not reachable at ${POSTGRES_URLS[0]} (set DATABASE_URL_TEST)` };
}

async function createDatabase(adminUrl) {
  const name = `agency_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  tempDatabases.push({ adminUrl, name });
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------------
// Measuring.

function cannon(url, headers, duration, more = {}) {
  if (state.interrupted) return Promise.reject(new Interrupted('interrupted'));
  return new Promise((resolve, reject) => {
    const settings = { url, connections: options.connections, duration, headers, ...more };
    currentRun = autocannon(settings, (err, result) => {
      currentRun = null;
      if (state.interrupted) reject(new Interrupted('interrupted'));
      else if (err) reject(err);
      else resolve(result);
    });
  });
}

/**
 * A short unmeasured run, then the measured one; the server must still be running afterwards. `more`: other
 * autocannon settings (several requests in turn, another number of connections).
 */
async function measure(entry, label, url, headers, more = {}) {
  process.stderr.write(`  ${label}: `);
  if (options.warmup > 0) {
    process.stderr.write(`warm-up ${options.warmup} s, `);
    await cannon(url, headers, options.warmup, more);
  }
  process.stderr.write(`${options.duration} s... `);
  const figures = summarize(await cannon(url, headers, options.duration, more));
  log(
    `${Math.round(figures.rps)} req/s, p99 ${figures.p99Ms} ms, ${figures.errors} errors, ${figures.non2xx} non-2xx`,
  );
  if (!running(entry)) throw ended(entry, 'during the run');
  return figures;
}

const headersFor = (request) => ({
  'accept-encoding': 'gzip',
  ...(request.api ? { 'x-api-key': API_KEY } : {}),
});

/** One answer before the load, to report its status and size and to warn when it is not a success. */
async function probe(url, headers) {
  const response = await get(url, headers);
  if (response.status < 200 || response.status > 299)
    log(`  warning: GET ${url} answered ${response.status}`);
  return {
    status: response.status,
    contentEncoding: response.headers['content-encoding'] ?? null,
    cacheControl: response.headers['cache-control'] ?? null,
    bytes: response.body.length,
  };
}

async function firstSlug(site) {
  const response = await get(`${site.base}${REQUESTS[0].path}`, { 'x-api-key': API_KEY });
  const slug =
    response.status === 200 ? JSON.parse(response.body.toString()).data?.data?.[0]?.slug : undefined;
  if (!slug) throw new Error(`no published post in GET ${REQUESTS[0].path} (status ${response.status})`);
  return slug;
}

async function benchRequests(site, database, requests, cache, slug) {
  const rows = [];
  for (const request of requests) {
    const url = request.path.replace('{slug}', encodeURIComponent(slug));
    const headers = headersFor(request);
    const checked = await probe(`${site.base}${url}`, headers);
    const figures = await measure(
      site,
      `${database} GET ${url}${cache === 'off' ? ' (uncached)' : ''}`,
      `${site.base}${url}`,
      headers,
    );
    rows.push({ id: request.id, path: request.path, url, cache, figures, probe: checked });
  }
  return rows;
}

/**
 * Writes the search's 5,000 posts into the site's database (scripts/bench/search.mjs): PGlite in this process
 * while no server has its folder open, PostgreSQL through a client.
 */
async function seedSearch(variables) {
  const sql = seedSearchSql();
  if (variables.DATABASE_URL) {
    await withClient(variables.DATABASE_URL, (client) => client.query(sql));
    return;
  }
  const { pathToFileURL } = await import('node:url');
  const entry = requireFromApi.resolve('@electric-sql/pglite');
  const { PGlite } = await import(pathToFileURL(entry).href);
  const pg = new PGlite(join(variables.DATA_DIR, 'pglite'), {
    // As the site starts it (api/src/db/pglite.ts).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'max_connections=8'],
  });
  try {
    await pg.exec(sql);
  } finally {
    await pg.close();
  }
}

/**
 * The search on a site whose database already exists (`variables`): 5,000 posts written into it, then 100
 * distinct queries in turn with the run's connections (throughput, as the other reads) and with one (a
 * reader's wait: the p99 target).
 */
async function benchSearch(name, variables) {
  log(`  ${name}: writing ${SEARCH_POSTS} posts for the search...`);
  const started = Date.now();
  await seedSearch(variables);
  log(`  ${name}: ${SEARCH_POSTS} posts written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const site = await startSite(`${name} with ${SEARCH_POSTS} more posts`, variables);
  const paths = searchPaths();
  const headers = headersFor(SEARCH);
  const checked = await probe(`${site.base}${paths[0]}`, headers);
  const rows = [];
  for (const connections of [options.connections, 1]) {
    const figures = await measure(
      site,
      `${name} search, ${paths.length} queries, ${connections} connection(s)`,
      site.base,
      headers,
      { requests: paths.map((path) => ({ method: 'GET', path })), connections },
    );
    rows.push({
      id: SEARCH.id,
      path: SEARCH.path,
      url: `${paths.length} queries`,
      cache: 'default',
      connections,
      figures,
      probe: checked,
    });
  }
  await stopChild(site);
  return rows;
}

/** The search alone: a new site makes (migrates and seeds) its database, then benchSearch. */
async function benchSearchOnly(name, variables) {
  log(`${name}:`);
  const site = await startSite(name, variables);
  const slug = await firstSlug(site);
  await stopChild(site);
  return { name, slug, rows: await benchSearch(name, variables) };
}

/** The four requests on a site with the read cache, then the list on a fresh site process without it. */
async function benchDatabase(name, variables) {
  if (options.onlySearch) return benchSearchOnly(name, variables);
  log(`${name}:`);
  const site = await startSite(name, { ...variables, ...SAVE_STALL_ENV });
  const slug = await firstSlug(site);
  const rows = await benchRequests(site, name, REQUESTS, 'default', slug);
  // After the throughput runs: readers' waits while an editor saves long content (scripts/bench/save-stall.mjs).
  const saveStall = await measureSaveStall(site.base, API_KEY, { log });
  await stopChild(site);
  // One process at a time: a PGlite folder belongs to one process, and two servers would share the 2 cores.
  const uncached = await startSite(`${name}, READ_CACHE_BYTES=0`, { ...variables, READ_CACHE_BYTES: '0' });
  rows.splice(1, 0, ...(await benchRequests(uncached, name, [UNCACHED], 'off', slug)));
  await stopChild(uncached);
  // Last: its posts would change what the other requests read.
  if (options.search) rows.push(...(await benchSearch(name, variables)));
  return { name, slug, rows, saveStall };
}

/** e2e/scripts/budget.mjs against a PGlite site, its printed figures read back. */
async function runBudget(dataDir) {
  if (!options.budget) return { skipped: '--no-budget' };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  log('first-load JavaScript (e2e/scripts/budget.mjs, Chromium):');
  const site = await startSite('pglite for the budget', { DATA_DIR: dataDir });
  const script = join(root, 'e2e', 'scripts', 'budget.mjs');
  const budget = startChild('budget', [script, site.base], { ...process.env, CHROMIUM_PATH: CHROMIUM });
  const timer = setTimeout(() => budget.child.kill('SIGTERM'), 300_000);
  await budget.exited;
  clearTimeout(timer);
  await stopChild(site);
  state.check();
  const budgets = JSON.parse(readFileSync(join(root, 'e2e', 'budget.json'), 'utf8'));
  const routes = parseBudgetOutput(budget.output, budgets);
  if (budget.child.exitCode !== 0 || routes.length === 0) {
    const tail = budget.output.trim().split('\n').slice(-5).join(' / ');
    return { error: `budget.mjs exited with ${budget.child.exitCode ?? budget.child.signalCode}: ${tail}` };
  }
  return { routes };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const machine = machineFacts();
  await ensureBuilt(options.build);
  const tmp = mkdtempSync(join(os.tmpdir(), 'agency-bench-'));
  tempDirs.push(tmp);
  const dataDir = (name) => {
    const dir = join(tmp, name);
    mkdirSync(dir);
    return dir;
  };
  const postgres = options.postgres ? await findPostgres() : { skip: '--no-postgres' };

  log(`${machine.date}: Node ${machine.node}, ${machine.cpu.cores} × ${machine.cpu.model}`);
  // Two processes on PostgreSQL (scripts/bench/cross-process.mjs), lent the bench's helpers.
  const crossProcess = () =>
    options.crossProcess
      ? runCrossProcess({ startSite, stopChild, createDatabase, dataDir, apiKey: API_KEY, log }, postgres)
      : { skipped: '--no-cross-process' };
  // 100 clients at once on each database, with the memory and start times (scripts/bench/mixed-load.mjs).
  const mixedLoad = () =>
    runMixed(
      {
        startSite,
        stopChild,
        ended,
        running,
        apiKey: API_KEY,
        autocannon,
        track: (run) => {
          currentRun = run;
        },
        log,
        options,
        dataDir,
        createDatabase,
      },
      postgres,
    );
  if (options.onlyMemory) {
    const report = { ...machine, mixed: await mixedLoad() };
    const out = writeReport(root, options.out, report);
    console.log(`\n${formatMixed(report.mixed)}\n\nJSON: ${out}`);
    return;
  }
  if (options.onlyCrossProcess) {
    const report = { ...machine, crossProcess: await crossProcess() };
    const out = writeReport(root, options.out, report);
    console.log(`\n${formatCrossProcess(report.crossProcess)}\n\nJSON: ${out}`);
    return;
  }
  log('bare Fastify:');
  const bare = await startBare();
  const bareStart = await measure(bare, 'bare GET / (start)', `${bare.base}/`, {});

  const pgliteDir = dataDir('pglite');
  const databases = [await benchDatabase('pglite', { DATA_DIR: pgliteDir })];
  if ('url' in postgres) {
    const url = await createDatabase(postgres.url);
    databases.push(await benchDatabase('postgresql', { DATA_DIR: dataDir('postgresql'), DATABASE_URL: url }));
  } else {
    log(`postgresql: skipped, ${postgres.skip}`);
    databases.push({ name: 'postgresql', skipped: postgres.skip });
  }

  const mixed = options.mixed ? await mixedLoad() : { skipped: '--no-mixed' };
  const crossProcessResult = await crossProcess();

  log('bare Fastify:');
  const bareEnd = await measure(bare, 'bare GET / (end)', `${bare.base}/`, {});
  await stopChild(bare);

  const budget = await runBudget(pgliteDir);
  const report = buildReport({
    machine,
    settings: { ...options, apiKey: API_KEY },
    bare: { start: bareStart, end: bareEnd },
    databases,
    budget,
    mixed,
    crossProcess: crossProcessResult,
  });
  const out = writeReport(root, options.out, report);

  console.log(`\n${formatHeading(report)}\n\n${formatTable(report)}\n\n${formatBudget(budget)}\n`);
  console.log(`${formatSearch(report, SEARCH_P99_TARGET_MS)}\n`);
  if (!options.onlySearch) console.log(`${formatSaveStall(report.databases)}\n`);
  console.log(`${formatMixed(report.mixed)}\n`);
  console.log(`${formatCrossProcess(report.crossProcess)}\n`);
  console.log(`JSON: ${out}`);
}

try {
  await main();
  await cleanup();
} catch (err) {
  if (!(err instanceof Interrupted) && !state.interrupted) {
    log(`\npnpm bench failed: ${err instanceof Error ? err.message : err}`);
    await cleanup();
    process.exit(1);
  }
  // Interrupted: the signal handler is cleaning up and exits.
  await new Promise(() => {});
}
