// The pure half of `pnpm bench:lighthouse`: command-line options, the figures kept from one Lighthouse result,
// their medians over the runs, what falls short of the targets, and the table printed. No I/O here, so it is
// tested on its own (lighthouse-report.test.mjs, run by `pnpm test:unit`).
import { parseArgs } from 'node:util';
import { markdown } from './report.mjs';

export const DEFAULTS = Object.freeze({ runs: 3, out: 'bench/lighthouse.json' });

/** The routes measured by default; `{key}` is a service's address and `{slug}` the newest published post's. */
export const ROUTES = Object.freeze([
  '/',
  '/about',
  '/pricing',
  '/services',
  '/services/{key}',
  '/portfolio',
  '/contact',
  '/blog',
  '/blog/{slug}',
]);

export const LANGUAGES = Object.freeze(['en', 'ar']);

/** Lighthouse's categories measured, as its result names them. */
export const CATEGORIES = Object.freeze(['performance', 'accessibility', 'best-practices', 'seo']);

/** What each route should reach (the page-speed goal); anything else is listed under the table. */
export const TARGETS = Object.freeze({
  performance: 98,
  tbtMs: 150,
  lcpMs: 2000,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  // Tasks over 50 ms once the page has painted (Lighthouse's long-tasks audit, in its simulated timings):
  // none on the routes listed.
  longTasks: 0,
  longTaskRoutes: Object.freeze(['/']),
});

/** Lighthouse's threshold for a long task, in milliseconds. */
export const LONG_TASK_MS = 50;

export const USAGE = `Usage: pnpm bench:lighthouse [--runs <n>] [--routes <route,...>] [--lang en|ar] [--out <file>]
                             [--port <n>] [--strict] [--no-build]

  --runs <n>          Lighthouse runs per route and language, each in a new browser profile; the table shows
                      their medians (default ${DEFAULTS.runs})
  --routes <list>     routes separated by commas (default ${ROUTES.join(',')});
                      {key} is the first service's address, {slug} the newest published post's
  --lang en|ar        one language only (default both: ?lng=en and ?lng=ar)
  --out <file>        where the JSON report goes (default ${DEFAULTS.out})
  --port <n>          the site listens on <n> and Chromium's debugging port is <n>+1 (default: free ports)
  --strict            exit 1 when a route misses a target (default: exit 0, it is a measurement)
  --no-build          use the builds as they are instead of building what is missing or stale`;

/** Reads the command line (without `node` and the script). Throws with a readable message on a bad one. */
export function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      runs: { type: 'string' },
      routes: { type: 'string' },
      lang: { type: 'string' },
      out: { type: 'string' },
      port: { type: 'string' },
      strict: { type: 'boolean' },
      'no-build': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const runs = Number(values.runs ?? DEFAULTS.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number above 0');
  let routes = ROUTES;
  if (values.routes !== undefined) {
    routes = values.routes
      .split(',')
      .map((route) => route.trim())
      .filter(Boolean);
    if (routes.length === 0) throw new Error('--routes names no route');
    const bad = routes.find((route) => !route.startsWith('/') || /[?#\s]/.test(route));
    if (bad !== undefined)
      throw new Error(`--routes: "${bad}" is not a path (it starts with / and has no query)`);
  }
  let languages = LANGUAGES;
  if (values.lang !== undefined) {
    if (!LANGUAGES.includes(values.lang)) throw new Error('--lang must be en or ar');
    languages = [values.lang];
  }
  let port = null;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 1 || port > 65534)
      throw new Error('--port must be a whole number from 1 to 65534');
  }
  return {
    runs,
    routes: [...routes],
    languages: [...languages],
    out: values.out ?? DEFAULTS.out,
    port,
    strict: values.strict ?? false,
    build: !values['no-build'],
    help: values.help ?? false,
  };
}

/** The page's address for a route in a language: the language is in the query (`?lng=`). */
export function routeAddress(route, language, { key, slug }) {
  const path = route
    .replace('{key}', encodeURIComponent(key ?? ''))
    .replace('{slug}', encodeURIComponent(slug ?? ''));
  return `${path}?lng=${language}`;
}

/** The median of the numbers among `values` (null and undefined left out), or null when there is none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const score = (category) => (typeof category?.score === 'number' ? Math.round(category.score * 100) : null);
const numeric = (audit) => (typeof audit?.numericValue === 'number' ? audit.numericValue : null);
const tenths = (value) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The figures kept from one Lighthouse result (its `lhr`): the four category scores (0-100), TBT and LCP in
 * ms, CLS, Lighthouse's CPU benchmark of the machine at that run (`benchmarkIndex`: lower is a slower or busier
 * machine), and per category below 100 the audits that cost it points (weighted, scored below 1).
 */
export function runFigures(lhr) {
  const { count: longTasks, longestMs: longestTaskMs } = longTasksAfterPaint(lhr);
  const failing = {};
  for (const id of CATEGORIES.slice(1)) {
    const category = lhr.categories?.[id];
    if (!category) continue;
    const ids = (category.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ref.id)
      .filter((audit) => {
        const result = lhr.audits?.[audit];
        return typeof result?.score === 'number' && result.score < 1;
      });
    if (ids.length > 0) failing[id] = ids;
  }
  return {
    performance: score(lhr.categories?.performance),
    tbtMs: tenths(numeric(lhr.audits?.['total-blocking-time'])),
    lcpMs: tenths(numeric(lhr.audits?.['largest-contentful-paint'])),
    cls: numeric(lhr.audits?.['cumulative-layout-shift']),
    accessibility: score(lhr.categories?.accessibility),
    bestPractices: score(lhr.categories?.['best-practices']),
    seo: score(lhr.categories?.seo),
    longTasks,
    longestTaskMs,
    benchmarkIndex:
      typeof lhr.environment?.benchmarkIndex === 'number' ? lhr.environment.benchmarkIndex : null,
    failing,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message ?? String(lhr.runtimeError.code) } : {}),
  };
}

/**
 * The tasks over LONG_TASK_MS that start at or after the first contentful paint, from the long-tasks audit
 * (Lighthouse lists there the tasks of 50 ms and more, timed as in its simulation, as FCP is): how many, and
 * the longest. Null when either is missing from the result.
 */
export function longTasksAfterPaint(lhr) {
  const fcp = numeric(lhr.audits?.['first-contentful-paint']);
  const items = lhr.audits?.['long-tasks']?.details?.items;
  if (fcp === null || !Array.isArray(items)) return { count: null, longestMs: null };
  const after = items.filter(
    (task) =>
      typeof task.startTime === 'number' &&
      typeof task.duration === 'number' &&
      task.startTime >= fcp &&
      task.duration > LONG_TASK_MS,
  );
  return {
    count: after.length,
    longestMs: after.length === 0 ? 0 : tenths(Math.max(...after.map((task) => task.duration))),
  };
}

const FIGURES = [
  'performance',
  'tbtMs',
  'lcpMs',
  'cls',
  'accessibility',
  'bestPractices',
  'seo',
  'longTasks',
  'longestTaskMs',
  'benchmarkIndex',
];

/** The medians of the runs' figures, each figure on its own; the failing audits of any run, once each. */
export function medians(runs) {
  const result = {};
  for (const figure of FIGURES) result[figure] = median(runs.map((run) => run[figure]));
  const failing = {};
  for (const run of runs) {
    for (const [category, ids] of Object.entries(run.failing ?? {})) {
      failing[category] = [...new Set([...(failing[category] ?? []), ...ids])];
    }
  }
  result.failing = failing;
  return result;
}

/**
 * What a row's medians miss, as short phrases ("performance 91 < 98", "TBT 210 ms > 150 ms"...); a figure that
 * could not be measured (null) misses its target too.
 */
export function shortfalls(figures, targets = TARGETS, route = null) {
  const out = [];
  const missing = (name) => out.push(`${name} not measured`);
  const below = (name, value, target) => {
    if (value === null || value === undefined) missing(name);
    else if (value < target) out.push(`${name} ${value} < ${target}`);
  };
  below('performance', figures.performance, targets.performance);
  if (figures.tbtMs === null || figures.tbtMs === undefined) missing('TBT');
  else if (figures.tbtMs > targets.tbtMs)
    out.push(`TBT ${Math.round(figures.tbtMs)} ms > ${targets.tbtMs} ms`);
  if (figures.lcpMs === null || figures.lcpMs === undefined) missing('LCP');
  else if (figures.lcpMs > targets.lcpMs)
    out.push(`LCP ${seconds(figures.lcpMs)} s > ${seconds(targets.lcpMs)} s`);
  if (figures.cls === null || figures.cls === undefined) missing('CLS');
  else if (figures.cls > targets.cls) out.push(`CLS ${clsText(figures.cls)} > ${targets.cls}`);
  below('accessibility', figures.accessibility, targets.accessibility);
  below('best-practices', figures.bestPractices, targets.bestPractices);
  below('SEO', figures.seo, targets.seo);
  if (route !== null && targets.longTaskRoutes?.includes(route)) {
    if (figures.longTasks === null || figures.longTasks === undefined) missing('long tasks');
    else if (figures.longTasks > targets.longTasks)
      out.push(
        `${figures.longTasks} long task${figures.longTasks === 1 ? '' : 's'} after the first paint (longest ${Math.round(figures.longestTaskMs ?? 0)} ms) > ${targets.longTasks}`,
      );
  }
  return out;
}

const seconds = (ms) => (ms / 1000).toFixed(2).replace(/0$/, '');
/** CLS with three decimals, or "<0.001" for a shift too small to show but still above 0. */
const clsText = (cls) => (cls > 0 && cls < 0.0005 ? '<0.001' : cls.toFixed(3));
const dash = (value, show) => (value === null || value === undefined ? '-' : show(value));

/**
 * The JSON report. `rows`: one per route and language, with its address, the first-load JavaScript
 * (`firstLoad`: `{ kb, files }` or `{ error }`), every run's figures and their medians.
 */
export function buildReport({ machine, settings, rows }) {
  return {
    ...machine,
    settings,
    targets: TARGETS,
    routes: rows.map((row) => ({
      ...row,
      shortfalls: shortfalls(row.median, TARGETS, row.route),
    })),
  };
}

/** The table printed: one line per route and language, the medians and the first-load JavaScript. */
export function formatTable(report) {
  const rows = report.routes.map((row) => {
    const m = row.median;
    return [
      row.route,
      row.language,
      dash(m.performance, String),
      dash(m.tbtMs, (v) => String(Math.round(v))),
      dash(m.lcpMs, seconds),
      dash(m.cls, clsText),
      dash(m.accessibility, String),
      dash(m.bestPractices, String),
      dash(m.seo, String),
      dash(m.longTasks, String),
      row.firstLoad && 'kb' in row.firstLoad ? row.firstLoad.kb.toFixed(1) : '-',
      row.shortfalls.length === 0 ? 'yes' : 'no',
    ];
  });
  return markdown(
    [
      'route',
      'lang',
      'perf',
      'TBT ms',
      'LCP s',
      'CLS',
      'a11y',
      'best pr.',
      'SEO',
      'long tasks',
      'JS KB gzip',
      'on target',
    ],
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    rows,
  );
}

const longTaskTarget = (t) =>
  `no task over ${LONG_TASK_MS} ms after the first paint on ${t.longTaskRoutes.join(', ')}`;

/**
 * Under the table: the routes below 98 performance, then those missing another target, each with what it
 * misses and the audits that cost a category points; or that every route is on target.
 */
export function formatShortfalls(report) {
  const t = report.targets;
  const missing = report.routes.filter((row) => row.shortfalls.length > 0);
  if (missing.length === 0)
    return `Every route is on target: performance ≥ ${t.performance}, TBT ≤ ${t.tbtMs} ms, LCP ≤ ${seconds(t.lcpMs)} s, CLS ${t.cls}, accessibility, best practices and SEO ${t.seo}, ${longTaskTarget(t)}.`;
  const name = (row) => `${row.route} (${row.language})`;
  const slow = missing.filter(
    (row) => row.median.performance === null || row.median.performance < t.performance,
  );
  const lines = [
    slow.length > 0
      ? `Below ${t.performance} performance: ${slow.map(name).join(', ')}.`
      : `No route is below ${t.performance} performance.`,
    '',
    `Missing a target (TBT ≤ ${t.tbtMs} ms, LCP ≤ ${seconds(t.lcpMs)} s, CLS ${t.cls}, other categories ${t.seo}, ${longTaskTarget(t)}):`,
  ];
  for (const row of missing) {
    const audits = Object.entries(row.median.failing ?? {}).map(
      ([category, ids]) => `${category}: ${ids.join(', ')}`,
    );
    lines.push(
      `- ${name(row)}: ${row.shortfalls.join('; ')}${audits.length ? ` [${audits.join('; ')}]` : ''}`,
    );
  }
  return lines.join('\n');
}
