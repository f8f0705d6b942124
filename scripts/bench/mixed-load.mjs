// The mixed load of `pnpm bench`: the 100 clients of the API's load test (api/src/resilience/load.test.ts) at
// once against one server, 50 reading lists, posts and post pages, 30 sending the contact form and 20 signed-in
// editors writing posts, on PGlite and on PostgreSQL, with the memory the PGlite process holds after its first
// start. The pure parts (the requests, the figures, the table) are tested in report.test.mjs; `runMixed` is
// driven by scripts/bench.mjs, which lends it its own helpers (servers, temporary databases, Ctrl-C).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** Clients of each kind (100 in all), as in the API's load test. */
export const MIXED_CLIENTS = Object.freeze({ readers: 50, contacts: 30, editors: 20 });
/** A request slower than this counts as a timeout, not a latency: far above any answer we accept. */
export const MIXED_TIMEOUT_SECONDS = 30;
/** How long the fresh server is left alone before its memory is read a second time. */
export const IDLE_MS = 5000;
/** The target of PGlite's p99 under this load, as a multiple of PostgreSQL's. */
export const MIXED_TARGETS = Object.freeze({ p99Ratio: 2 });
/**
 * The limits of a lean server: each a figure of one database at one moment (`memory[moment][figure]`), and the
 * most it may be. RSS in MB; ready is the time from the process's start until `/api/health` answers 200.
 */
export const MEMORY_LIMITS = Object.freeze(
  [
    {
      database: 'pglite',
      moment: 'firstStart',
      figure: 'rssMb',
      limit: 200,
      label: 'PGlite RSS after a first start on a new data folder',
    },
    {
      database: 'pglite',
      moment: 'reopen',
      figure: 'rssMb',
      limit: 200,
      label: 'PGlite RSS after a restart on the same data',
    },
    {
      database: 'pglite',
      moment: 'afterLoad',
      figure: 'rssMb',
      limit: 300,
      label: 'PGlite RSS after the mixed load',
    },
    { database: 'postgresql', moment: 'idle', figure: 'rssMb', limit: 150, label: 'PostgreSQL RSS idle' },
    {
      database: 'pglite',
      moment: 'firstStart',
      figure: 'readyMs',
      limit: 4000,
      label: 'PGlite ready on a new data folder',
    },
    {
      database: 'pglite',
      moment: 'reopen',
      figure: 'readyMs',
      limit: 1500,
      label: 'PGlite ready on existing data',
    },
  ].map((limit) => Object.freeze(limit)),
);
/** The editor the load signs in as (created at start from EDITOR_EMAIL and EDITOR_PASSWORD). */
export const MIXED_EDITOR = Object.freeze({
  email: 'bench-editor@example.com',
  password: 'a long bench passphrase',
});

/**
 * What each client sends, in this order, again and again (each one waits for its answer before the next):
 * - readers: the English list (pages 1 and 2), the Arabic one, a seeded post, a post written during the run
 *   (a seeded one until there is one), and a seeded post's page;
 * - contacts: a CSRF token, then a message, each pair from a new visitor (its own address and cookie);
 * - editors: a new post, then two renames of it, each with the version the last answer gave.
 * `expect` is the status of a success (200 unless said).
 */
export const MIXED_STEPS = Object.freeze({
  readers: Object.freeze([
    { id: 'list', api: true, path: '/api/posts?language=en&per_page=9' },
    { id: 'list', api: true, path: '/api/posts?language=en&per_page=9&page=2' },
    { id: 'list', api: true, path: '/api/posts?language=ar&per_page=9' },
    { id: 'post', api: true, path: '/api/posts/{seeded}' },
    { id: 'post', api: true, path: '/api/posts/{written}' },
    { id: 'post-page', path: '/blog/{seeded}' },
  ]),
  contacts: Object.freeze([
    { id: 'csrf', api: true, path: '/api/csrf' },
    { id: 'contact', api: true, method: 'POST', path: '/api/contact' },
  ]),
  editors: Object.freeze([
    { id: 'post-create', api: true, method: 'POST', path: '/api/posts', expect: 201 },
    { id: 'post-update', api: true, method: 'PUT', path: '/api/posts/{mine}' },
    { id: 'post-update', api: true, method: 'PUT', path: '/api/posts/{mine}' },
  ]),
});

const STEP_IDS = [...new Set(Object.values(MIXED_STEPS).flatMap((steps) => steps.map((step) => step.id)))];
const EXPECTED = new Map(
  Object.values(MIXED_STEPS).flatMap((steps) => steps.map((s) => [s.id, s.expect ?? 200])),
);

/** A distinct client address for the n-th visitor (the server trusts one proxy hop in this run). */
export function clientAddress(n) {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The contact message sent; `service` is a key from GET /api/services. */
export function contactBody(service, n) {
  return {
    name: 'Bench Visitor',
    countryCode: '+44',
    phone: '2079460958',
    email: `visitor${n}@example.com`,
    business: 'Bench Ltd',
    service,
    message: `A message from the mixed load of pnpm bench, number ${n}.`,
    website: '',
  };
}

/** A post's form as the editor sends it (multipart, no image), with `version` on an update. */
export function postFields(slug, title, version) {
  return {
    language: 'en',
    title,
    slug,
    status: 'published',
    description: 'Written under load',
    content: `<p>${title}</p>`,
    seo_title: title,
    seo_description: 'Written under load',
    published_at: '2024-01-01',
    ...(version ? { version } : {}),
  };
}

const BOUNDARY = 'agency-bench-boundary';

/** `fields` as a multipart/form-data body, and its content type. */
export function multipart(fields) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: `${parts.join('')}--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

/** `name=value` of each Set-Cookie, merged into `jar` (a Map), and the jar as a Cookie header. */
export function mergeCookies(jar, setCookie) {
  for (const line of [setCookie ?? []].flat()) {
    const pair = String(line).split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * The autocannon `requests` of each kind of client (MIXED_STEPS). `seeded` are the published posts' slugs,
 * `sessions` the editors' `{ cookie, token }`, `service` a service key. `record(id, status)` hears each
 * answer's step just before autocannon reports its time (see `runMixed`). Counters are shared by all clients,
 * so every visitor address, message and post slug is new (slugs carry `run`, so runs on one database differ).
 */
export function mixedRequests({ seeded, sessions, service, apiKey, record, run = Date.now().toString(36) }) {
  if (seeded.length === 0) throw new Error('the mixed load needs at least one published post');
  if (sessions.length === 0) throw new Error('the mixed load needs at least one signed-in editor');
  const written = [];
  let turn = 0;
  let visitor = 0;
  let post = 0;
  let session = 0;
  const headersOf = (step) => ({ 'accept-encoding': 'gzip', ...(step.api ? { 'x-api-key': apiKey } : {}) });
  const base = (step, extra = {}) => ({
    method: step.method ?? 'GET',
    path: step.path,
    headers: headersOf(step),
    onResponse: (status, body, context, headers) => {
      extra.onResponse?.(status, body, context, headers);
      record(step.id, status);
    },
    ...(extra.setupRequest ? { setupRequest: extra.setupRequest } : {}),
  });
  const pick = (list) => list[turn++ % list.length];

  const readers = MIXED_STEPS.readers.map((step) =>
    base(step, {
      setupRequest: step.path.includes('{')
        ? (req) => {
            const slug = step.path.includes('{written}') && written.length > 0 ? pick(written) : pick(seeded);
            return { ...req, path: step.path.replace(/\{\w+\}/, encodeURIComponent(slug)) };
          }
        : undefined,
    }),
  );

  const [csrfStep, contactStep] = MIXED_STEPS.contacts;
  const contacts = [
    base(csrfStep, {
      // A new visitor: a new address, and no cookie yet (the context starts empty on each round).
      setupRequest: (req, context) => {
        context.address = clientAddress(++visitor);
        return { ...req, headers: { ...req.headers, 'x-forwarded-for': context.address } };
      },
      onResponse: (status, body, context, headers) => {
        if (status !== 200) return;
        context.token = JSON.parse(body).token;
        context.cookie = mergeCookies(new Map(), headers['set-cookie']);
      },
    }),
    base(contactStep, {
      setupRequest: (req, context) => ({
        ...req,
        headers: {
          ...req.headers,
          'content-type': 'application/json',
          'x-forwarded-for': context.address ?? clientAddress(++visitor),
          ...(context.cookie ? { cookie: context.cookie } : {}),
          ...(context.token ? { 'x-csrf-token': context.token } : {}),
        },
        body: JSON.stringify(contactBody(service, visitor)),
      }),
    }),
  ];

  const edit = (req, context, fields) => {
    const { body, contentType } = multipart(fields);
    return {
      ...req,
      headers: {
        ...req.headers,
        'content-type': contentType,
        'x-forwarded-for': context.session.address,
        cookie: context.session.cookie,
        'x-csrf-token': context.session.token,
      },
      body,
    };
  };
  const remember = (status, body, context) => {
    if (status !== 200 && status !== 201) return;
    const data = JSON.parse(body).data;
    context.version = data.updated_at;
    if (status === 201) written.push(data.slug);
  };
  const [createStep, ...updateSteps] = MIXED_STEPS.editors;
  const editors = [
    base(createStep, {
      setupRequest: (req, context) => {
        context.session = sessions[session++ % sessions.length];
        context.slug = `bench-${run}-${++post}`;
        context.title = `Bench post ${post}`;
        return edit(req, context, postFields(context.slug, context.title));
      },
      onResponse: remember,
    }),
    ...updateSteps.map((step, i) =>
      base(step, {
        // Without a version (the create or the last rename failed) the round starts again with a new post.
        setupRequest: (req, context) =>
          context.version
            ? edit(
                { ...req, path: step.path.replace('{mine}', context.slug) },
                context,
                postFields(context.slug, `${context.title}, edit ${i + 1}`, context.version),
              )
            : null,
        onResponse: (status, body, context) => {
          if (status === 200) remember(status, body, context);
          else context.version = undefined;
        },
      }),
    ),
  ];
  return { readers, contacts, editors };
}

/** The value at percentile `p` (0-100) of sorted numbers, rounded to the millisecond. */
function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]);
}

/** Count, median, 99th percentile and maximum of latencies in ms. */
export function latencyFigures(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? Math.round(sorted[sorted.length - 1]) : null,
  };
}

/**
 * The figures of one mixed run. `samples` holds `[id, status, ms]` for every answer (autocannon's own
 * latencies are cut off at its timeout and not told apart by request); `results` are autocannon's, for the
 * errors and timeouts; `seconds` is how long the run took. An answer counts as unexpected when its status is
 * not its step's.
 */
export function summarizeMixed(samples, results, seconds) {
  const byKind = new Map();
  for (const [id, status, ms] of samples) {
    const kind = byKind.get(id) ?? { latencies: [], statuses: {} };
    byKind.set(id, kind);
    kind.latencies.push(ms);
    kind.statuses[status] = (kind.statuses[status] ?? 0) + 1;
  }
  const kinds = STEP_IDS.filter((id) => byKind.has(id)).map((id) => {
    const kind = byKind.get(id);
    const unexpected = Object.entries(kind.statuses)
      .filter(([status]) => Number(status) !== EXPECTED.get(id))
      .reduce((sum, [, n]) => sum + n, 0);
    return { id, ...latencyFigures(kind.latencies), statuses: kind.statuses, unexpected };
  });
  const overall = latencyFigures(samples.map((sample) => sample[2]));
  return {
    ...overall,
    rps: Math.round((overall.requests / (seconds || 1)) * 10) / 10,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    unexpected: kinds.reduce((sum, kind) => sum + kind.unexpected, 0),
    kinds,
  };
}

/** RSS and its peak, in MB, from the text of /proc/PID/status; null where it has none. */
export function parseStatus(text) {
  const kb = (field) => {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
    return match ? Math.round(Number(match[1]) / 1024) : null;
  };
  const rssMb = kb('VmRSS');
  return rssMb === null ? null : { rssMb, peakMb: kb('VmHWM') };
}

/** What a process holds now (Linux); null elsewhere or once it has exited. */
export function readMemory(pid) {
  try {
    return parseStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The mixed section of the report: the settings, each database's figures, and how PGlite stands against the
 * targets (null where a figure is missing).
 */
export function buildMixed({ duration, warmup, databases }) {
  const pglite = databases.find((db) => db.name === 'pglite' && !db.skipped);
  const postgres = databases.find((db) => db.name === 'postgresql' && !db.skipped);
  const ratio =
    pglite && postgres && postgres.load.p99Ms > 0
      ? Math.round((pglite.load.p99Ms / postgres.load.p99Ms) * 100) / 100
      : null;
  return {
    clients: { ...MIXED_CLIENTS },
    durationSeconds: duration,
    warmupSeconds: warmup,
    steps: Object.fromEntries(
      Object.entries(MIXED_STEPS).map(([kind, steps]) => [
        kind,
        steps.map((step) => `${step.method ?? 'GET'} ${step.path}`),
      ]),
    ),
    databases: Object.fromEntries(
      databases.map(({ name, ...db }) => [name, db.skipped ? { skipped: db.skipped } : db]),
    ),
    limits: checkLimits(databases),
    targets: {
      p99Ratio: MIXED_TARGETS.p99Ratio,
      pgliteP99Ratio: ratio,
      p99Met: ratio === null ? null : ratio <= MIXED_TARGETS.p99Ratio,
    },
  };
}

/**
 * Each of MEMORY_LIMITS with the figure measured (null where it was not: a database skipped, a figure not read)
 * and whether it is within its limit (null when not measured).
 */
export function checkLimits(databases) {
  return MEMORY_LIMITS.map((limit) => {
    const db = databases.find((d) => d.name === limit.database && !d.skipped);
    const value = db?.memory?.[limit.moment]?.[limit.figure] ?? null;
    return { ...limit, value, met: value === null ? null : value <= limit.limit };
  });
}

const cell = (value, unit = '') => (value === null || value === undefined ? '-' : `${value}${unit}`);

function table(header, align, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** A figure of `db` at `moment`, marked ` !` when it is past its limit in MEMORY_LIMITS. */
function limited(name, db, moment, figure, show = (value) => value) {
  const value = db.memory?.[moment]?.[figure];
  if (value === null || value === undefined) return '-';
  const limit = MEMORY_LIMITS.find((l) => l.database === name && l.moment === moment && l.figure === figure);
  return `${show(value)}${limit && value > limit.limit ? ' !' : ''}`;
}

const seconds = (ms) => (ms / 1000).toFixed(1);

/** A limit and its figure, in the unit it is kept in (MB, or ms shown as seconds). */
function limitLine(l) {
  const unit = l.figure === 'readyMs' ? (ms) => `${seconds(ms)} s` : (mb) => `${mb} MB`;
  const verdict = l.met === null ? 'not measured' : l.met ? 'met' : 'MISSED';
  return `- ${l.label}: ${l.value === null ? '-' : unit(l.value)} (at most ${unit(l.limit)}): ${verdict}`;
}

/**
 * The mixed section as text: one line per database (a figure past its limit marked ` !`), then each request's
 * figures, then the limits and the p99 target.
 */
export function formatMixed(mixed) {
  if (!mixed) return '';
  if (mixed.skipped) return `Mixed load: skipped (${mixed.skipped})`;
  const summary = [];
  const kinds = [];
  const skipped = [];
  for (const [name, db] of Object.entries(mixed.databases)) {
    if (db.skipped) {
      skipped.push(`${name}: skipped, ${db.skipped}`);
      continue;
    }
    const m = db.memory;
    summary.push([
      name,
      limited(name, db, 'firstStart', 'readyMs', seconds),
      limited(name, db, 'firstStart', 'rssMb'),
      cell(m.firstStart?.peakMb),
      limited(name, db, 'idle', 'rssMb'),
      limited(name, db, 'reopen', 'readyMs', seconds),
      limited(name, db, 'reopen', 'rssMb'),
      limited(name, db, 'afterLoad', 'rssMb'),
      cell(Math.round(db.load.rps)),
      cell(db.load.p50Ms),
      cell(db.load.p99Ms),
      cell(db.load.maxMs),
      cell(db.load.errors),
      cell(db.load.unexpected),
    ]);
    for (const kind of db.load.kinds) {
      kinds.push([
        name,
        kind.id,
        cell(kind.requests),
        cell(kind.p50Ms),
        cell(kind.p99Ms),
        cell(kind.maxMs),
        cell(kind.unexpected),
      ]);
    }
  }
  const t = mixed.targets;
  const verdict = (met) => (met === null ? 'not measured' : met ? 'met' : 'missed');
  const c = mixed.clients;
  return [
    `Mixed load: ${c.readers + c.contacts + c.editors} clients at once (${c.readers} readers, ${c.contacts} contact ` +
      `forms, ${c.editors} editors), ${mixed.durationSeconds} s after a ${mixed.warmupSeconds} s warm-up. Ready: ` +
      "seconds from the process's start until /api/health answers; RSS in MB: after a first start on a new data " +
      `folder, its peak, ${IDLE_MS / 1000} s later (idle), after a restart on the same data, after the load. ` +
      '"!": past its limit',
    '',
    table(
      [
        'database',
        'ready s',
        'RSS start',
        'peak',
        'idle',
        'reopen ready s',
        'reopen',
        'after load',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'errors',
        'unexpected',
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      summary,
    ),
    ...skipped,
    '',
    table(
      ['database', 'request', 'answers', 'p50 ms', 'p99 ms', 'max ms', 'unexpected'],
      ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
      kinds,
    ),
    '',
    'Limits:',
    ...(mixed.limits ?? []).map(limitLine),
    '',
    `Target: PGlite p99 ${cell(t.pgliteP99Ratio, ' ×')} PostgreSQL's (at most ${t.p99Ratio} ×: ${verdict(t.p99Met)})`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Running it.

/**
 * One request with node:http, without keep-alive unless given an `agent`: `{ status, headers, body }` (the body
 * as text).
 */
export function send(url, { method = 'GET', headers = {}, body, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent, timeout: 10_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

async function json(url, headers) {
  const response = await send(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return JSON.parse(response.body);
}

/** Signs the bench's editor in from its own address: the session's cookies and CSRF token. */
export async function signIn(base, apiKey, address) {
  const jar = new Map();
  const headers = { 'x-api-key': apiKey, 'x-forwarded-for': address };
  const csrf = await send(`${base}/api/csrf`, { headers });
  if (csrf.status !== 200) throw new Error(`GET /api/csrf answered ${csrf.status}`);
  const login = await send(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      cookie: mergeCookies(jar, csrf.headers['set-cookie']),
      'x-csrf-token': JSON.parse(csrf.body).token,
    },
    body: JSON.stringify(MIXED_EDITOR),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body.slice(0, 200)}`);
  return {
    address,
    cookie: mergeCookies(jar, login.headers['set-cookie']),
    token: JSON.parse(login.body).csrf_token,
  };
}

/**
 * One database: a site on new data (`variables`), its memory at once and after IDLE_MS, a restart on the
 * same data and its memory, then a third start with the load's editor and one trusted proxy hop, the load,
 * and its memory after it. The first two starts are the site as `pnpm start` runs it. `bench` lends
 * scripts/bench.mjs's helpers.
 */
async function mixedDatabase(name, variables, bench) {
  const { startSite, stopChild, ended, running, apiKey, autocannon, track, log, options } = bench;
  log(`${name}, mixed load:`);
  const first = await startSite(`${name}, first start`, variables);
  const memory = { firstStart: { ...readMemory(first.child.pid), readyMs: first.readyMs } };
  await sleep(IDLE_MS);
  memory.idle = readMemory(first.child.pid);
  await stopChild(first);
  const again = await startSite(`${name}, restart`, variables);
  memory.reopen = { ...readMemory(again.child.pid), readyMs: again.readyMs };
  await stopChild(again);

  // Each visitor and editor comes from an address of its own in X-Forwarded-For, as behind a reverse proxy:
  // from one address the rate limits answer 429 after ten messages.
  const site = await startSite(`${name}, under load`, {
    ...variables,
    TRUST_PROXY: '1',
    EDITOR_EMAIL: MIXED_EDITOR.email,
    EDITOR_PASSWORD: MIXED_EDITOR.password,
  });
  const list = await json(`${site.base}/api/posts?per_page=100`, { 'x-api-key': apiKey });
  const seeded = list.data.data.map((post) => post.slug);
  const services = await json(`${site.base}/api/services?language=en`, { 'x-api-key': apiKey });
  const service = services.data.data[0]?.key ?? 'web-development';
  const sessions = [];
  for (let i = 0; i < MIXED_CLIENTS.editors; i++)
    sessions.push(await signIn(site.base, apiKey, clientAddress(200_000 + i)));

  let last = null;
  let samples = [];
  const requests = mixedRequests({
    seeded,
    sessions,
    service,
    apiKey,
    record: (id, status) => {
      last = [id, status];
    },
  });
  // What Ctrl-C stops (bench.mjs's `track`): every run still going.
  const runs = new Set();
  const stopAll = () => {
    for (const run of runs) run.stop();
  };
  const tracked = () => track(runs.size > 0 ? { stop: stopAll } : null);
  /** Every kind of client at once for `duration` seconds; the answers go to `samples`. */
  const load = (duration) =>
    Promise.all(
      Object.entries(MIXED_CLIENTS).map(
        ([kind, connections]) =>
          new Promise((resolve, reject) => {
            const run = autocannon(
              {
                url: site.base,
                connections,
                duration,
                timeout: MIXED_TIMEOUT_SECONDS,
                requests: requests[kind],
              },
              (err, result) => {
                runs.delete(run);
                tracked();
                if (err) reject(err);
                else resolve(result);
              },
            );
            runs.add(run);
            tracked();
            // Heard right after the answer's step was recorded (onResponse comes first, in the same call).
            run.on('response', (_client, status, _bytes, ms) => {
              if (last) samples.push([last[0], status, ms]);
              last = null;
            });
          }),
      ),
    );
  // As every other run: a warm-up first (the first renders of each page, loading what they need), unmeasured.
  if (options.warmup > 0) {
    process.stderr.write(`  warm-up ${options.warmup} s, `);
    await load(options.warmup);
    samples = [];
  }
  process.stderr.write(`${options.warmup > 0 ? '' : '  '}${options.duration} s... `);
  const started = performance.now();
  const results = await load(options.duration);
  const figures = summarizeMixed(samples, results, (performance.now() - started) / 1000);
  log(
    `${Math.round(figures.rps)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms, ` +
      `${figures.errors} errors, ${figures.unexpected} unexpected answers`,
  );
  if (!running(site)) throw ended(site, 'during the mixed load');
  memory.afterLoad = readMemory(site.child.pid);
  await stopChild(site);
  return { name, memory, load: figures };
}

/**
 * The mixed load on PGlite (a new data folder) and on PostgreSQL (a new database) when it is reachable.
 * `bench.dataDir(name)` makes a new folder; `bench.createDatabase(url)` a new database on that server.
 */
export async function runMixed(bench, postgres) {
  const databases = [await mixedDatabase('pglite', { DATA_DIR: bench.dataDir('mixed-pglite') }, bench)];
  if ('url' in postgres) {
    const url = await bench.createDatabase(postgres.url);
    databases.push(
      await mixedDatabase(
        'postgresql',
        { DATA_DIR: bench.dataDir('mixed-postgresql'), DATABASE_URL: url },
        bench,
      ),
    );
  } else {
    databases.push({ name: 'postgresql', skipped: postgres.skip });
  }
  return buildMixed({ duration: bench.options.duration, warmup: bench.options.warmup, databases });
}
