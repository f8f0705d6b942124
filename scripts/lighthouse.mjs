// `pnpm bench:lighthouse`: Lighthouse's scores and metrics per route, in English and Arabic, against the
// production build. It builds what is missing or stale (like `pnpm start`; --no-build skips that), starts
// api/dist/server.js on a loopback port with a new DATA_DIR (migrated and seeded at start, as a new site is),
// measures each page's first-load JavaScript as the budget check does (e2e/scripts/budget.mjs), then runs
// Lighthouse with its default configuration (mobile emulation, simulated throttling) on each address, every run
// in a new Chromium profile (nothing cached, no service worker). It prints the medians as a table, what misses
// the targets, and writes the JSON report (bench/lighthouse.json or --out). Options: USAGE in
// scripts/bench/lighthouse-report.mjs, or --help. The server and every Chromium are stopped by their own pid,
// also on error and Ctrl-C; the temporary folder is removed.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  buildReport,
  CATEGORIES,
  formatShortfalls,
  formatTable,
  median,
  medians,
  parseOptions,
  routeAddress,
  runFigures,
  USAGE,
} from './bench/lighthouse-report.mjs';
import { createChildren, get, Interrupted, machineFacts, writeReport } from './bench/site.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API_KEY = process.env.API_KEY?.trim() || 'agency-public-key';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

const { stopChild, stopAll, killAll, ensureBuilt, startSite, ...state } = createChildren({
  root,
  log,
  apiKey: API_KEY,
});
/** @type {Set<import('chrome-launcher').LaunchedChrome>} */
const chromes = new Set();
/** @type {import('@playwright/test').Browser | null} */
let playwrightBrowser = null;
const tempDirs = [];

function killChromes() {
  // chrome-launcher ends its Chromium by its own pid (its process group) and removes the profile.
  for (const chrome of chromes) chrome.kill();
  chromes.clear();
}

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    killChromes();
    await playwrightBrowser?.close().catch(() => {});
    await stopAll();
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

process.on('exit', () => {
  killChromes();
  killAll();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const code = 128 + (os.constants.signals[signal] ?? 1);
    if (state.interrupted) {
      killChromes();
      killAll();
      process.exit(code);
    }
    state.interrupt();
    log(`\n${signal}: stopping the server and Chromium...`);
    cleanup().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------------------

/** The first service's address and the newest published English post's slug, read from the site's API. */
async function placeholders(base) {
  const read = async (path) => {
    const response = await get(`${base}${path}`, { 'x-api-key': API_KEY });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return JSON.parse(response.body.toString());
  };
  const services = await read('/api/services?language=en');
  const key = services.data?.[0]?.slug ?? services.data?.data?.[0]?.slug;
  const posts = await read('/api/posts?language=en&per_page=1');
  const slug = posts.data?.data?.[0]?.slug;
  if (!key) throw new Error('the site lists no service (GET /api/services?language=en)');
  if (!slug) throw new Error('the site has no published post (GET /api/posts?language=en)');
  return { key, slug };
}

/**
 * The first-load JavaScript of every address, measured as the budget check measures it (measureIn of
 * e2e/scripts/budget.mjs, service workers blocked, a new browser context per page). It also warms the server
 * up: every page has been rendered once before Lighthouse loads it.
 */
async function firstLoads(base, rows) {
  // Playwright is the e2e package's dependency: the very copy the budget check uses.
  const requireFromE2e = createRequire(join(root, 'e2e', 'package.json'));
  const playwright = await import(pathToFileURL(requireFromE2e.resolve('@playwright/test')).href);
  const { chromium } = playwright.chromium ? playwright : playwright.default;
  const { measureIn } = await import(pathToFileURL(join(root, 'e2e', 'scripts', 'budget.mjs')).href);
  log('first-load JavaScript (e2e/scripts/budget.mjs):');
  playwrightBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  for (const row of rows) {
    state.check();
    const context = await playwrightBrowser.newContext({ serviceWorkers: 'block' });
    try {
      const result = await measureIn(context, `${base}${row.address}`);
      row.firstLoad = { kb: result.kb, files: result.files };
      log(`  ${row.address}: ${result.kb} KB gzip in ${result.files} scripts`);
    } catch (err) {
      row.firstLoad = { error: err instanceof Error ? err.message.split('\n')[0] : String(err) };
      log(`  ${row.address}: not measured, ${row.firstLoad.error}`);
    } finally {
      await context.close();
    }
  }
  await playwrightBrowser.close();
  playwrightBrowser = null;
}

/** One Lighthouse run on `url` in a new headless Chromium (a new temporary profile), ended afterwards. */
async function lighthouseRun(url) {
  state.check();
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    port: options.port ? options.port + 1 : 0,
    logLevel: 'silent',
  });
  chromes.add(chrome);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse gave no result');
    return runFigures(result.lhr);
  } finally {
    chromes.delete(chrome);
    // Gone before the next run starts, its debugging port free again.
    const exited = new Promise((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
      else chrome.process.once('exit', resolve);
    });
    chrome.kill();
    await exited;
  }
}

/**
 * One run's figures for `url`. A run that fails (Chromium not started, Lighthouse's own "run Lighthouse again"
 * errors) is tried once more; a second failure is kept as `{ error }` and counts for nothing in the medians.
 */
async function measureOnce(url, label) {
  for (let attempt = 1; ; attempt++) {
    const at = Date.now();
    let figures;
    try {
      figures = await lighthouseRun(url);
    } catch (err) {
      if (err instanceof Interrupted || state.interrupted) throw err;
      figures = { error: err instanceof Error ? err.message.split('\n')[0] : String(err), failing: {} };
    }
    const took = `${((Date.now() - at) / 1000).toFixed(0)} s`;
    if (figures.error && attempt === 1) {
      log(`  ${label}: failed (${took}), ${figures.error}; once more`);
      continue;
    }
    log(
      figures.error
        ? `  ${label}: failed again (${took}), ${figures.error}`
        : `  ${label}: performance ${figures.performance ?? '-'}, TBT ${Math.round(figures.tbtMs ?? Number.NaN)} ms, ` +
            `LCP ${Math.round(figures.lcpMs ?? Number.NaN)} ms, CLS ${figures.cls?.toFixed(3) ?? '-'} (${took})`,
    );
    return figures;
  }
}

async function main() {
  const machine = machineFacts();
  await ensureBuilt(options.build);
  const tmp = mkdtempSync(join(os.tmpdir(), 'agency-lighthouse-'));
  tempDirs.push(tmp);
  log(`${machine.date}: Node ${machine.node}, ${machine.cpu.cores} × ${machine.cpu.model}`);
  const site = await startSite('site', { DATA_DIR: join(tmp, 'data') }, { port: options.port ?? undefined });
  const found = await placeholders(site.base);
  const rows = options.routes.flatMap((route) =>
    options.languages.map((language) => ({
      route,
      language,
      address: routeAddress(route, language, found),
      runs: [],
    })),
  );
  await firstLoads(site.base, rows);

  // Run after run over every address, rather than all the runs of one address together: a moment when the
  // machine is busy spreads over the addresses instead of moving one address's median.
  const started = Date.now();
  for (let run = 1; run <= options.runs; run++) {
    log(`Lighthouse, run ${run} of ${options.runs}:`);
    for (const row of rows) row.runs.push(await measureOnce(`${site.base}${row.address}`, row.address));
  }
  const count = rows.length * options.runs;
  log(`Lighthouse: ${count} run${count === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await stopChild(site);

  const report = buildReport({
    machine,
    settings: {
      runs: options.runs,
      lighthouse: createRequire(import.meta.url)('lighthouse/package.json').version,
      config: 'default (mobile emulation, simulated throttling)',
      categories: CATEGORIES,
      service: found.key,
      post: found.slug,
    },
    rows: rows.map((row) => ({ ...row, median: medians(row.runs) })),
  });
  const out = writeReport(root, options.out, report);
  const benchmark = median(rows.flatMap((row) => row.runs.map((run) => run.benchmarkIndex)));
  console.log(
    `\nLighthouse ${report.settings.lighthouse}, ${report.settings.config}; median of ${options.runs} run(s) per ` +
      `route and language, each in a new browser profile. ${machine.date}, load average at the start ` +
      `${machine.loadAverage.join(', ')}, Lighthouse's CPU benchmark index ${benchmark === null ? '-' : Math.round(benchmark)} ` +
      `(median; lower is a slower or busier machine): figures compare only within one run on a quiet machine.\n`,
  );
  console.log(`${formatTable(report)}\n\n${formatShortfalls(report)}\n\nJSON: ${out}`);
  return report.routes.some((row) => row.shortfalls.length > 0);
}

try {
  const missed = await main();
  await cleanup();
  if (missed && options.strict) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof Interrupted) && !state.interrupted) {
    log(`\npnpm bench:lighthouse failed: ${err instanceof Error ? err.message : err}`);
    await cleanup();
    process.exit(1);
  }
  await new Promise(() => {});
}
