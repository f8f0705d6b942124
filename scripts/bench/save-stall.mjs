// The save-stall figure of `pnpm bench`: how long readers wait while an editor saves long content. On a site
// already running, it signs in, sends each save of SAVE_STALL_CASES and, until its answer comes, asks for the
// health check and a public list again and again, each on a new connection; it keeps how long the save took and
// each reader's answer times. The pure parts (the content, the figures, the table) are tested in
// report.test.mjs; scripts/bench.mjs runs `measureSaveStall` on each database's site after its throughput runs.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** The editor who saves (the site creates it at start from SAVE_STALL_ENV). */
export const SAVE_STALL_EDITOR = Object.freeze({
  email: 'stall-editor@example.com',
  password: 'a long stall-bench passphrase',
});
export const SAVE_STALL_ENV = Object.freeze({
  EDITOR_EMAIL: SAVE_STALL_EDITOR.email,
  EDITOR_PASSWORD: SAVE_STALL_EDITOR.password,
});

/** Content as long as a form field may be (1 MiB), less room for the rest of the form. */
export const CONTENT_BYTES = 1024 * 1024 - 4096;

/**
 * The saves, each a draft: lists nested all the way through the content (what stalled readers for seconds;
 * refused now), and lists nested as deep as the API allows (256 elements), repeated to the same length.
 */
export const SAVE_STALL_CASES = Object.freeze([
  { id: 'too-deep', label: '1 MiB of `<ul><li>` nested all the way', levels: null, expect: 422 },
  { id: 'allowed', label: '1 MiB of `<ul><li>` nested 128 deep', levels: 128, expect: 201 },
]);

/** What readers ask while the save runs. */
export const SAVE_STALL_PROBES = Object.freeze([
  { id: 'health', path: '/api/health' },
  { id: 'read', path: '/api/posts?language=en&per_page=9' },
]);

/** About `bytes` of lists nested `levels` deep (all the way when null), text in the innermost item. */
export function nestedLists(levels, bytes = CONTENT_BYTES) {
  const depth = levels ?? Math.floor((bytes - 4) / 18);
  const one = `${'<ul><li>'.repeat(depth)}item${'</li></ul>'.repeat(depth)}`;
  return one.repeat(Math.max(1, Math.floor(bytes / one.length)));
}

/** Count, median and longest of answer times in ms, and how many answers were not 200 (`[ms, status]`). */
export function probeFigures(answers) {
  const sorted = Float64Array.from(answers.map(([ms]) => ms)).sort();
  const failed = answers.filter(([, status]) => status !== 200).length;
  if (sorted.length === 0) return { requests: 0, p50Ms: null, maxMs: null, failed };
  return {
    requests: sorted.length,
    p50Ms: Math.round(sorted[Math.ceil(sorted.length / 2) - 1]),
    maxMs: Math.round(sorted[sorted.length - 1]),
    failed,
  };
}

const cell = (value, unit = '') => (value === null || value === undefined ? '-' : `${value}${unit}`);

/**
 * The figures of every database (`{ name: { cases } }`, or `{ skipped }`) as one Markdown table: the save's
 * answer and time, and the readers' longest and median wait meanwhile.
 */
export function formatSaveStall(databases) {
  const rows = [];
  for (const [name, db] of Object.entries(databases)) {
    for (const c of db?.saveStall?.cases ?? []) {
      const health = c.probes.health;
      const read = c.probes.read;
      rows.push([
        name,
        c.label,
        `${c.status}${c.status === c.expect ? '' : ` (expected ${c.expect})`}`,
        cell(c.saveMs),
        cell(health.maxMs),
        cell(health.p50Ms),
        cell(read.maxMs),
        cell(read.p50Ms),
        `${health.requests} + ${read.requests}`,
        `${health.failed + read.failed}`,
      ]);
    }
  }
  if (rows.length === 0) return 'Readers during a long save: not measured';
  const header = [
    'database',
    'save',
    'answer',
    'save ms',
    'health max ms',
    'health p50 ms',
    'list max ms',
    'list p50 ms',
    'asked',
    'not 200',
  ];
  const align = ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [
    'Readers during a long save: `GET /api/health` and `GET /api/posts?language=en&per_page=9` asked again ' +
      'and again, each on a new connection, while one editor saves (`POST /api/posts`)',
    '',
    line(header),
    rule,
    ...rows.map(line),
  ].join('\n');
}

/** One request without keep-alive; answers the status, headers and body text. */
function send(base, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method, headers, agent: false, timeout: 120_000 },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** `name=value` of each Set-Cookie, kept in `jar`; answers the Cookie header. */
function keepCookies(jar, setCookie) {
  for (const line of setCookie ?? []) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Signs the editor in; answers the headers of its writes. */
async function signIn(base, apiKey) {
  const jar = new Map();
  const csrf = await send(base, { path: '/api/csrf', headers: { 'x-api-key': apiKey } });
  if (csrf.status !== 200) throw new Error(`GET /api/csrf answered ${csrf.status}`);
  let cookie = keepCookies(jar, csrf.headers['set-cookie']);
  const login = await send(base, {
    method: 'POST',
    path: '/api/auth/login',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      'x-csrf-token': JSON.parse(csrf.text).token,
      cookie,
    },
    body: JSON.stringify(SAVE_STALL_EDITOR),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.text.slice(0, 200)}`);
  cookie = keepCookies(jar, login.headers['set-cookie']);
  return { 'x-api-key': apiKey, 'x-csrf-token': JSON.parse(login.text).csrf_token, cookie };
}

/** Asks `path` again and again until `done()`, 10 ms apart; answers `[ms, status]` of each answer. */
async function probe(base, apiKey, path, done) {
  const answers = [];
  do {
    const started = performance.now();
    const answer = await send(base, { path, headers: { 'x-api-key': apiKey } });
    answers.push([performance.now() - started, answer.status]);
    await sleep(10);
  } while (!done());
  return answers;
}

/** Every case of SAVE_STALL_CASES against the site at `base`, one after the other. */
export async function measureSaveStall(base, apiKey, { log = () => {} } = {}) {
  const writeHeaders = await signIn(base, apiKey);
  const cases = [];
  for (const c of SAVE_STALL_CASES) {
    const form = new FormData();
    const slug = `bench-long-save-${c.id}-${Date.now()}`;
    const fields = {
      language: 'en',
      title: `Long save ${c.id}`,
      slug,
      status: 'draft',
      description: 'A long save',
      content: nestedLists(c.levels),
      seo_title: 'Long save',
      seo_description: 'A long save',
      published_at: '2024-01-01',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const headers = { ...writeHeaders, 'content-type': encoded.headers.get('content-type') };

    let finished = false;
    const started = performance.now();
    const saving = send(base, { method: 'POST', path: '/api/posts', headers, body }).finally(() => {
      finished = true;
    });
    const [saved, ...probed] = await Promise.all([
      saving,
      ...SAVE_STALL_PROBES.map((p) => probe(base, apiKey, p.path, () => finished)),
    ]);
    const saveMs = Math.round(performance.now() - started);
    const probes = Object.fromEntries(SAVE_STALL_PROBES.map((p, i) => [p.id, probeFigures(probed[i])]));
    cases.push({ id: c.id, label: c.label, expect: c.expect, status: saved.status, saveMs, probes });
    log(
      `  ${c.label}: ${saved.status} in ${saveMs} ms; health at most ${probes.health.maxMs} ms, ` +
        `list at most ${probes.read.maxMs} ms meanwhile`,
    );
  }
  return { cases };
}
