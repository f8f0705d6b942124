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
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
  summarizeLog,
  UNCACHED,
  USAGE,
} from './bench/report.mjs';
import { formatSaveStall, measureSaveStall, SAVE_STALL_ENV } from './bench/save-stall.mjs';
import { SEARCH_P99_TARGET_MS, SEARCH_POSTS, searchPaths, seedSearchSql } from './bench/search.mjs';
import { buildArgs, PACKAGES, staleBuilds } from './builds.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// pg and fastify are the API's dependencies: the bench uses the very same copies.
const requireFromApi = createRequire(join(root, 'api', 'package.json'));
const HOST = '127.0.0.1';
const API_KEY = process.env.API_KEY?.trim() || 'agency-public-key';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Read by the site at start: the bench sets its own values and drops whatever the shell had. */
const SITE_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'API_KEY',
  'LOG_LEVEL',
  'READ_CACHE_BYTES',
  'WEB_ROOT',
  'TRUST_PROXY',
  'SMTP_URL',
  'EDITOR_EMAIL',
  'EDITOR_PASSWORD',
  'EDITOR_NAME',
];
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

/** @type {Set<{ name: string; child: import('node:child_process').ChildProcess; output: string; exited: Promise<void> }>} */
const children = new Set();
const tempDirs = [];
/** @type {{ adminUrl: string; name: string }[]} */
const tempDatabases = [];
let currentRun = null;
let interrupted = false;

class Interrupted extends Error {}

/**
 * Spawns `command` (Node itself by default) from the repository root and keeps the end of what it prints
 * (`inherit` shows it on stderr instead). `exited` resolves once it has ended and its output is all read.
 */
function startChild(name, args, env, { command = process.execPath, inherit = false } = {}) {
  if (interrupted) throw new Interrupted('interrupted');
  // Shown output goes to stderr, with the progress lines: stdout carries the report alone.
  const stdio = inherit ? ['ignore', 2, 2] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, { cwd: root, env, stdio });
  const entry = { name, child, output: '', done: false, exited: null };
  const keep = (chunk) => {
    entry.output += chunk;
    // The last 64 KB, from a line's start.
    if (entry.output.length > 64 * 1024)
      entry.output = entry.output.slice(-64 * 1024).replace(/^[^\n]*\n/, '');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  entry.exited = new Promise((resolve) => {
    const finish = () => {
      entry.done = true;
      children.delete(entry);
      resolve();
    };
    child.once('close', finish);
    child.once('error', (err) => {
      entry.output += `\n${err.message}`;
      finish();
    });
  });
  children.add(entry);
  return entry;
}

const running = (entry) => !entry.done && entry.child.exitCode === null && entry.child.signalCode === null;

/** Why a child that should be running is not, with the end of what it printed. */
function ended(entry, when) {
  const how = entry.child.signalCode ? `killed by ${entry.child.signalCode}` : `code ${entry.child.exitCode}`;
  const output = entry.output.trim();
  return new Error(
    `${entry.name} exited ${when} (${how})${output ? `:\n${indent(output.slice(-4000))}` : ''}`,
  );
}

/** SIGTERM to the child's own pid, then SIGKILL if it has not exited after `graceMs`. */
async function stopChild(entry, graceMs = 10_000) {
  if (running(entry) && entry.child.pid !== undefined) {
    entry.child.kill('SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), graceMs);
    await entry.exited;
    clearTimeout(timer);
  }
  children.delete(entry);
  if (entry.name !== 'budget') {
    const lines = summarizeLog(entry.output);
    if (lines.length > 0) log(`  ${entry.name} logged:\n${indent(lines.join('\n'))}`);
  }
}

const indent = (text) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    currentRun?.stop();
    await Promise.all([...children].map((entry) => stopChild(entry)));
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
  for (const entry of children) if (running(entry)) entry.child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const code = 128 + (os.constants.signals[signal] ?? 1);
    if (interrupted) {
      // A second Ctrl-C: no more waiting.
      for (const entry of children) if (running(entry)) entry.child.kill('SIGKILL');
      process.exit(code);
    }
    interrupted = true;
    log(`\n${signal}: stopping the servers and removing the temporary data...`);
    cleanup().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Builds, exactly as `pnpm start` decides them (scripts/builds.mjs).

async function ensureBuilt() {
  if (!options.build) {
    const missing = PACKAGES.filter((pkg) => !existsSync(join(root, pkg, 'dist')));
    if (missing.length > 0)
      throw new Error(`--no-build, but ${missing.join(', ')} has no build: run pnpm build`);
    return;
  }
  const stale = staleBuilds(root);
  if (stale.length === 0) return;
  log(`Building ${stale.join(', ')} (missing or older than their sources)...`);
  const build = startChild('build', buildArgs(stale), process.env, {
    command: 'pnpm',
    inherit: true,
  });
  await build.exited;
  if (interrupted) throw new Interrupted('interrupted');
  if (build.child.exitCode !== 0) throw ended(build, 'with an error');
}

// ---------------------------------------------------------------------------------------------------------
// HTTP helpers (node:http without keep-alive: nothing of the probes stays open in this process).

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, timeout: 5000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/**
 * Polls `url` until it answers 200 (every `everyMs`: often enough to time a start to within a few tens of
 * milliseconds); fails when the child exits first or after `timeoutMs`.
 */
async function waitUntilReady(entry, url, timeoutMs = 120_000, everyMs = 25) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (interrupted) throw new Interrupted('interrupted');
    if (!running(entry)) throw ended(entry, 'before it was ready');
    try {
      if ((await get(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  throw new Error(
    `${entry.name} was not ready after ${timeoutMs / 1000} s:\n${indent(entry.output.trim().slice(-4000))}`,
  );
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

async function startSite(name, variables) {
  const port = await freePort();
  const env = { ...process.env };
  for (const variable of SITE_VARIABLES) delete env[variable];
  Object.assign(env, { PORT: String(port), HOST, LOG_LEVEL: 'warn', API_KEY: API_KEY }, variables);
  const entry = startChild(name, [join(root, 'api', 'dist', 'server.js')], env);
  entry.base = `http://${HOST}:${port}`;
  const started = performance.now();
  await waitUntilReady(entry, `${entry.base}/api/health`);
  // From the spawn until the health check answers 200: listening, with the database open and prepared.
  entry.readyMs = Math.round(performance.now() - started);
  log(`  ${name}: ready in ${(entry.readyMs / 1000).toFixed(2)} s (pid ${entry.child.pid})`);
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
  if (interrupted) return Promise.reject(new Interrupted('interrupted'));
  return new Promise((resolve, reject) => {
    const settings = { url, connections: options.connections, duration, headers, ...more };
    currentRun = autocannon(settings, (err, result) => {
      currentRun = null;
      if (interrupted) reject(new Interrupted('interrupted'));
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
  if (interrupted) throw new Interrupted('interrupted');
  const budgets = JSON.parse(readFileSync(join(root, 'e2e', 'budget.json'), 'utf8'));
  const routes = parseBudgetOutput(budget.output, budgets);
  if (budget.child.exitCode !== 0 || routes.length === 0) {
    const tail = budget.output.trim().split('\n').slice(-5).join(' / ');
    return { error: `budget.mjs exited with ${budget.child.exitCode ?? budget.child.signalCode}: ${tail}` };
  }
  return { routes };
}

// ---------------------------------------------------------------------------------------------------------

/** Writes the JSON report to --out; answers where, as the user would name it. */
function writeReport(report) {
  const out = resolve(root, options.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  const shown = relative(process.cwd(), out);
  return shown.startsWith('..') ? out : shown;
}

async function main() {
  const cpus = os.cpus();
  const machine = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpu: { model: cpus[0]?.model.trim() ?? 'unknown', cores: cpus.length },
    // Other work on the machine moves every figure: the 1, 5 and 15 minute load averages at the start.
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
  await ensureBuilt();
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
    const out = writeReport(report);
    console.log(`\n${formatMixed(report.mixed)}\n\nJSON: ${out}`);
    return;
  }
  if (options.onlyCrossProcess) {
    const report = { ...machine, crossProcess: await crossProcess() };
    const out = writeReport(report);
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
  const out = writeReport(report);

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
  if (!(err instanceof Interrupted) && !interrupted) {
    log(`\npnpm bench failed: ${err instanceof Error ? err.message : err}`);
    await cleanup();
    process.exit(1);
  }
  // Interrupted: the signal handler is cleaning up and exits.
  await new Promise(() => {});
}
