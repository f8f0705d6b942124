// The pure half of `pnpm bench`: command-line options, autocannon results reduced to the figures we keep,
// the JSON report and the Markdown tables printed from it. No I/O here, so it is tested on its own
// (report.test.mjs, run by `pnpm test:unit`).
import { parseArgs } from 'node:util';

export const DEFAULTS = Object.freeze({ duration: 10, warmup: 2, connections: 50, out: 'bench/last.json' });

/** The requests measured on each database, in the order they are run and printed. */
export const REQUESTS = Object.freeze([
  { id: 'posts-list', api: true, path: '/api/posts?language=en&per_page=9' },
  { id: 'post', api: true, path: '/api/posts/{slug}' },
  { id: 'services', api: true, path: '/api/services?language=en' },
  // A post's page at its language address (what links lead to, and what a CDN keeps: public, one ETag for
  // all), and at its bare address (the default language's page, or a redirect for another language).
  { id: 'blog-page', api: false, path: '/blog/{slug}?lng=en' },
  { id: 'blog-page-bare', api: false, path: '/blog/{slug}' },
]);

/** Measured on a second site process started with READ_CACHE_BYTES=0 (the API's read cache off). */
export const UNCACHED = Object.freeze({ id: 'posts-list-uncached', api: true, path: REQUESTS[0].path });

/**
 * The search (scripts/bench/search.mjs): 100 distinct queries in turn on a site holding 5,000 more posts, with
 * the run's connections (throughput) and with one (a reader's wait, the p99 target).
 */
export const SEARCH = Object.freeze({
  id: 'posts-search',
  api: true,
  path: '/api/posts?language=en|ar&per_page=9&q={100 queries}',
});

export const USAGE = `Usage: pnpm bench [--duration <s>] [--warmup <s>] [--connections <n>] [--out <file>]
                  [--no-budget] [--no-postgres] [--no-mixed] [--no-search] [--only-search]
                  [--no-cross-process] [--only-cross-process] [--only-memory] [--no-build]

  --duration <s>     length of each measured run (default ${DEFAULTS.duration})
  --warmup <s>       unmeasured run before each measured one, 0 for none (default ${DEFAULTS.warmup})
  --connections <n>  concurrent connections (default ${DEFAULTS.connections})
  --out <file>       where the JSON report goes (default ${DEFAULTS.out})
  --no-budget        skip the first-load JavaScript per route (e2e/scripts/budget.mjs, needs Chromium)
  --no-postgres      skip PostgreSQL even when it is reachable
  --no-mixed         skip the mixed load (100 clients at once) and the memory figures (scripts/bench/mixed-load.mjs)
  --no-search        skip the search over 5,000 posts (scripts/bench/search.mjs)
  --only-search      measure the search alone (with the bare server, on each database)
  --no-cross-process skip "write on A → new version on B" (two processes on PostgreSQL, scripts/bench/cross-process.mjs)
  --only-cross-process
                     measure "write on A → new version on B" alone (needs PostgreSQL)
  --only-memory      the start times and RSS alone, against their limits: a first start on a new data folder,
                     a restart, the mixed load (its --duration and --warmup) and PostgreSQL idle
  --no-build         use the builds as they are instead of building what is missing or stale`;

function positive(name, raw, { integer = false, zero = false } = {}) {
  const value = Number(raw);
  const ok =
    Number.isFinite(value) && (zero ? value >= 0 : value > 0) && (!integer || Number.isInteger(value));
  if (!ok) {
    throw new Error(
      `--${name} must be a ${integer ? 'whole ' : ''}number ${zero ? 'of 0 or more' : 'above 0'}`,
    );
  }
  return value;
}

/** Reads the command line (without `node` and the script). Throws with a readable message on a bad one. */
export function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      out: { type: 'string' },
      'no-budget': { type: 'boolean' },
      'no-postgres': { type: 'boolean' },
      'no-mixed': { type: 'boolean' },
      'no-search': { type: 'boolean' },
      'only-search': { type: 'boolean' },
      'no-cross-process': { type: 'boolean' },
      'only-cross-process': { type: 'boolean' },
      'only-memory': { type: 'boolean' },
      'no-build': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const onlys = ['only-search', 'only-cross-process', 'only-memory'].filter((name) => values[name]);
  if (onlys.length > 1) throw new Error(`--${onlys.join(' and --')} exclude each other`);
  const only = onlys.length > 0;
  return {
    duration: positive('duration', values.duration ?? DEFAULTS.duration),
    warmup: positive('warmup', values.warmup ?? DEFAULTS.warmup, { zero: true }),
    connections: positive('connections', values.connections ?? DEFAULTS.connections, { integer: true }),
    out: values.out ?? DEFAULTS.out,
    budget: !values['no-budget'] && !only,
    postgres: !values['no-postgres'],
    mixed: values['only-memory'] || (!values['no-mixed'] && !only),
    search: !values['no-search'] && !values['only-cross-process'] && !values['only-memory'],
    onlySearch: values['only-search'] ?? false,
    crossProcess: !values['no-cross-process'] && !values['only-search'] && !values['only-memory'],
    onlyCrossProcess: values['only-cross-process'] ?? false,
    onlyMemory: values['only-memory'] ?? false,
    build: !values['no-build'],
    help: values.help ?? false,
  };
}

const round = (value, digits = 0) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/**
 * The figures kept from one autocannon result. autocannon counts a timeout as an error too, so `errors`
 * already includes `timeouts`; its latencies are those of 2xx answers only.
 */
export function summarize(result) {
  return {
    rps: round(result.requests.average, 1),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    bytesPerSecond: Math.round(result.throughput.average),
    seconds: result.duration,
  };
}

/** The share of the reference's requests per second, in per cent with one decimal. */
export function share(rps, referenceRps) {
  return referenceRps > 0 ? round((rps / referenceRps) * 100, 1) : null;
}

/**
 * The JSON report.
 * @param {object} input
 * @param {{ date: string; node: string; platform: string; cpu: { model: string; cores: number }; loadAverage?: number[] }} input.machine
 * @param {{ duration: number; warmup: number; connections: number; apiKey: string }} input.settings
 * @param {{ start: ReturnType<typeof summarize>; end: ReturnType<typeof summarize> }} input.bare
 * @param {Array<{ name: string; skipped?: string; slug?: string; rows?: Array<{ id: string; path: string; url: string; cache: 'default' | 'off'; figures: ReturnType<typeof summarize>; probe?: object }> }>} input.databases
 *   `path` is the request as printed (`/api/posts/{slug}`), `url` the one sent; `saveStall`, when measured, is
 *   what scripts/bench/save-stall.mjs answered.
 * @param {object} input.budget `{ routes }`, `{ skipped }` or `{ error }`
 * @param {object} [input.mixed] the mixed load (scripts/bench/mixed-load.mjs, buildMixed) or `{ skipped }`
 * @param {object} [input.crossProcess] write on A → new version on B (scripts/bench/cross-process.mjs) or `{ skipped }`
 */
export function buildReport({ machine, settings, bare, databases, budget, mixed, crossProcess }) {
  const referenceRps = round((bare.start.rps + bare.end.rps) / 2, 1);
  const withShare = (figures) => ({ ...figures, sharePercent: share(figures.rps, referenceRps) });
  return {
    ...machine,
    settings: {
      connections: settings.connections,
      durationSeconds: settings.duration,
      warmupSeconds: settings.warmup,
      headers: { 'accept-encoding': 'gzip' },
      apiHeaders: { 'x-api-key': settings.apiKey },
    },
    reference: {
      request: 'GET / on a bare Fastify server',
      rps: referenceRps,
      start: withShare(bare.start),
      end: withShare(bare.end),
    },
    databases: Object.fromEntries(
      databases.map((db) => [
        db.name,
        db.skipped
          ? { skipped: db.skipped }
          : {
              slug: db.slug,
              results: db.rows.map((row) => ({
                id: row.id,
                request: `GET ${row.path}`,
                url: row.url,
                readCache: row.cache,
                ...(row.connections ? { connections: row.connections } : {}),
                ...withShare(row.figures),
                ...(row.probe ? { probe: row.probe } : {}),
              })),
              ...(db.saveStall ? { saveStall: db.saveStall } : {}),
            },
      ]),
    ),
    budget,
    ...(mixed ? { mixed } : {}),
    ...(crossProcess ? { crossProcess } : {}),
  };
}

const number = (value) => (value === null || value === undefined ? '-' : String(value));
const percent = (value) => (value === null || value === undefined ? '-' : `${value.toFixed(1)} %`);

export function markdown(header, align, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function row(database, request, figures) {
  return [
    database,
    request,
    number(Math.round(figures.rps)),
    percent(figures.sharePercent),
    number(figures.p50Ms),
    number(figures.p99Ms),
    number(figures.errors),
    number(figures.non2xx),
  ];
}

/** The lines printed above the table: date, Node, machine and settings. */
export function formatHeading(report) {
  const s = report.settings;
  return [
    `Date: ${report.date}`,
    `Node ${report.node} on ${report.platform}; CPU: ${report.cpu.cores} × ${report.cpu.model}` +
      (report.loadAverage ? `; load average at the start: ${report.loadAverage.join(', ')}` : ''),
    `autocannon: ${s.connections} connections, ${s.durationSeconds} s per run after a ${s.warmupSeconds} s warm-up, ` +
      'accept-encoding: gzip; 100 % = bare Fastify GET / (mean of its runs at the start and at the end)',
  ].join('\n');
}

/** The results as one Markdown table (it reads as a table in a terminal too). */
export function formatTable(report) {
  const rows = [
    row('-', 'bare Fastify `GET /`, start', report.reference.start),
    row('-', 'bare Fastify `GET /`, end', report.reference.end),
  ];
  for (const [name, db] of Object.entries(report.databases)) {
    if (db.skipped) {
      rows.push([name, `skipped: ${db.skipped}`, '', '', '', '', '', '']);
      continue;
    }
    for (const result of db.results) {
      const uncached = result.readCache === 'off' ? ', uncached (`READ_CACHE_BYTES=0`)' : '';
      const connections = result.connections ? `, ${result.connections} connection(s)` : '';
      rows.push(row(name, `\`${result.request}\`${uncached}${connections}`, result));
    }
  }
  return markdown(
    ['database', 'request', 'req/s', '% of bare', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
    rows,
  );
}

/**
 * Whether the public search stays within its target on each database: the p99 of one reader at a time (the
 * run with one connection), or a line saying it was not measured.
 */
export function formatSearch(report, targetMs) {
  const lines = [];
  for (const [name, db] of Object.entries(report.databases)) {
    if (db.skipped) continue;
    const alone = db.results.find((r) => r.id === SEARCH.id && r.connections === 1);
    if (!alone) continue;
    const within = alone.p99Ms <= targetMs;
    lines.push(
      `- ${name}: p99 ${alone.p99Ms} ms, p50 ${alone.p50Ms} ms: ${within ? 'within' : 'OVER'} ${targetMs} ms`,
    );
  }
  return lines.length === 0
    ? 'Search: not measured'
    : [`Search over 5,000 posts, one reader at a time (target p99 <= ${targetMs} ms):`, ...lines].join('\n');
}

/** First-load JavaScript per route as a Markdown table, or a line saying why there is none. */
export function formatBudget(budget) {
  if (budget.skipped) return `First-load JavaScript: skipped (${budget.skipped})`;
  if (budget.error) return `First-load JavaScript: failed (${budget.error})`;
  return markdown(
    ['route', 'files', 'gzip KB', 'budget', 'target'],
    ['l', 'r', 'r', 'r', 'r'],
    budget.routes.map((r) => [
      `\`${r.route}\``,
      number(r.files),
      number(r.kb),
      number(r.budget),
      number(r.target),
    ]),
  );
}

/**
 * The routes printed by e2e/scripts/budget.mjs (`route files kb budget target`, one a line under a header),
 * with the budget and target taken from its budget.json rather than from the padded columns.
 */
export function parseBudgetOutput(text, budgets = { budget: {}, target: {} }) {
  const routes = [];
  for (const line of text.split('\n')) {
    const match = /^(\/\S*)\s+(\d+)\s+(\d+(?:\.\d+)?)(?:\s|$)/.exec(line.trim());
    if (!match) continue;
    const [, route, files, kb] = match;
    routes.push({
      route,
      files: Number(files),
      kb: Number(kb),
      budget: budgets.budget?.[route] ?? null,
      target: budgets.target?.[route] ?? null,
    });
  }
  return routes;
}

/**
 * What a server printed (pino JSON lines at warn or above, or plain text), one line per distinct message with
 * how often it came, so that a warning repeated under load reads as one line. Quoted paths (`"/x/y"`) count
 * as one message.
 */
export function summarizeLog(output, max = 5) {
  const counts = new Map();
  for (const line of output.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    let message = text;
    try {
      const entry = JSON.parse(text);
      if (entry && typeof entry.msg === 'string') {
        message = `${{ 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }[entry.level] ?? entry.level}: ${entry.msg}`;
      }
    } catch {
      // not JSON: kept as it is
    }
    message = message.replace(/"\/[^"\s]*"/g, '"<path>"');
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  const lines = [...counts].slice(0, max).map(([message, n]) => (n > 1 ? `${n} × ${message}` : message));
  if (counts.size > max) lines.push(`... and ${counts.size - max} other messages`);
  return lines;
}
