// node --test scripts/bench/report.test.mjs, part of `pnpm test:unit`: the pure half of `pnpm bench`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CROSS_PROCESS_BOUND_MS, crossProcessFigures, formatCrossProcess } from './cross-process.mjs';
import {
  buildMixed,
  formatMixed,
  latencyFigures,
  MEMORY_LIMITS,
  MIXED_CLIENTS,
  MIXED_STEPS,
  MIXED_TARGETS,
  mergeCookies,
  mixedRequests,
  multipart,
  parseStatus,
  summarizeMixed,
} from './mixed-load.mjs';
import {
  buildReport,
  DEFAULTS,
  formatBudget,
  formatHeading,
  formatSearch,
  formatTable,
  parseBudgetOutput,
  parseOptions,
  share,
  summarize,
  summarizeLog,
} from './report.mjs';
import {
  CONTENT_BYTES,
  formatSaveStall,
  nestedLists,
  probeFigures,
  SAVE_STALL_CASES,
} from './save-stall.mjs';

describe('formatSearch', () => {
  test('says whether the p99 of one reader at a time is within the target, per database', () => {
    const figures = (p99Ms) => ({ rps: 100, p50Ms: 3, p99Ms, sharePercent: 1 });
    const report = {
      databases: {
        pglite: {
          results: [
            { id: 'posts-search', connections: 50, ...figures(400) },
            { id: 'posts-search', connections: 1, ...figures(31) },
          ],
        },
        postgresql: { results: [{ id: 'posts-search', connections: 1, ...figures(62) }] },
        other: { skipped: 'no' },
      },
    };
    const text = formatSearch(report, 50);
    assert.match(text, /pglite: p99 31 ms, p50 3 ms: within 50 ms/);
    assert.match(text, /postgresql: p99 62 ms, p50 3 ms: OVER 50 ms/);
    assert.equal(formatSearch({ databases: {} }, 50), 'Search: not measured');
  });
});

describe('parseOptions', () => {
  const cases = [
    {
      argv: [],
      expected: {
        ...DEFAULTS,
        budget: true,
        postgres: true,
        mixed: true,
        search: true,
        onlySearch: false,
        crossProcess: true,
        onlyCrossProcess: false,
        onlyMemory: false,
        build: true,
        help: false,
      },
    },
    {
      argv: ['--duration', '3', '--warmup', '0', '--connections', '10', '--out', 'x.json', '--no-budget'],
      expected: {
        duration: 3,
        warmup: 0,
        connections: 10,
        out: 'x.json',
        budget: false,
        postgres: true,
        mixed: true,
        search: true,
        onlySearch: false,
        crossProcess: true,
        onlyCrossProcess: false,
        onlyMemory: false,
        build: true,
        help: false,
      },
    },
    {
      argv: ['--duration=0.5', '--no-postgres', '--no-build', '--no-mixed'],
      expected: {
        ...DEFAULTS,
        duration: 0.5,
        budget: true,
        postgres: false,
        mixed: false,
        search: true,
        onlySearch: false,
        crossProcess: true,
        onlyCrossProcess: false,
        onlyMemory: false,
        build: false,
        help: false,
      },
    },
    {
      argv: ['--only-search'],
      expected: {
        ...DEFAULTS,
        budget: false,
        postgres: true,
        mixed: false,
        search: true,
        onlySearch: true,
        crossProcess: false,
        onlyCrossProcess: false,
        onlyMemory: false,
        build: true,
        help: false,
      },
    },
    {
      argv: ['--only-cross-process'],
      expected: {
        ...DEFAULTS,
        budget: false,
        postgres: true,
        mixed: false,
        search: false,
        onlySearch: false,
        crossProcess: true,
        onlyCrossProcess: true,
        onlyMemory: false,
        build: true,
        help: false,
      },
    },
    {
      argv: ['--only-memory', '--duration', '5', '--warmup', '1'],
      expected: {
        ...DEFAULTS,
        duration: 5,
        warmup: 1,
        budget: false,
        postgres: true,
        mixed: true,
        search: false,
        onlySearch: false,
        crossProcess: false,
        onlyCrossProcess: false,
        onlyMemory: true,
        build: true,
        help: false,
      },
    },
    {
      argv: ['--no-cross-process'],
      expected: {
        ...DEFAULTS,
        budget: true,
        postgres: true,
        mixed: true,
        search: true,
        onlySearch: false,
        crossProcess: false,
        onlyCrossProcess: false,
        onlyMemory: false,
        build: true,
        help: false,
      },
    },
  ];
  for (const { argv, expected } of cases) {
    test(argv.join(' ') || '(none)', () => assert.deepEqual(parseOptions(argv), expected));
  }

  const refused = [
    [['--duration', '0'], /--duration must be a number above 0/],
    [['--duration', 'ten'], /--duration/],
    [['--warmup=-1'], /--warmup must be a number of 0 or more/],
    [['--connections', '2.5'], /--connections must be a whole number/],
    [['--bogus'], /Unknown option/],
    [['positional'], /positional/i],
    [['--only-search', '--only-cross-process'], /exclude each other/],
    [['--only-memory', '--only-search'], /--only-search and --only-memory exclude each other/],
  ];
  for (const [argv, message] of refused) {
    test(`refuses ${argv.join(' ')}`, () => assert.throws(() => parseOptions(argv), message));
  }
});

/** The parts of an autocannon result that summarize reads. */
function result({ rps, p50 = 1, p99 = 5, errors = 0, timeouts = 0, non2xx = 0 }) {
  return {
    requests: { average: rps, total: Math.round(rps * 10) },
    latency: { p50, p99 },
    throughput: { average: rps * 100 },
    errors,
    timeouts,
    non2xx,
    duration: 10.01,
  };
}

test('summarize keeps the figures of one run', () => {
  assert.deepEqual(summarize(result({ rps: 1234.56, p50: 3, p99: 40, errors: 2, timeouts: 1, non2xx: 7 })), {
    rps: 1234.6,
    p50Ms: 3,
    p99Ms: 40,
    errors: 2,
    timeouts: 1,
    non2xx: 7,
    requests: 12346,
    bytesPerSecond: 123456,
    seconds: 10.01,
  });
});

describe('share', () => {
  for (const [rps, reference, expected] of [
    [500, 1000, 50],
    [1000, 1000, 100],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [10, 0, null],
  ]) {
    test(`${rps} of ${reference}`, () => assert.equal(share(rps, reference), expected));
  }
});

const machine = {
  date: '2026-01-02T03:04:05.000Z',
  node: 'v20.20.2',
  platform: 'linux x64',
  cpu: { model: 'Test CPU', cores: 2 },
  loadAverage: [0.5, 0.25, 0.1],
};

function sample() {
  const figures = (rps) => summarize(result({ rps }));
  return buildReport({
    machine,
    settings: { duration: 10, warmup: 2, connections: 50, apiKey: 'key' },
    bare: { start: figures(11000), end: figures(9000) },
    databases: [
      {
        name: 'pglite',
        slug: 'a-post',
        rows: [
          {
            id: 'posts-list',
            path: '/api/posts',
            url: '/api/posts',
            cache: 'default',
            figures: figures(5000),
          },
          {
            id: 'posts-list-uncached',
            path: '/api/posts',
            url: '/api/posts',
            cache: 'off',
            figures: figures(1000),
          },
          {
            id: 'post',
            path: '/api/posts/{slug}',
            url: '/api/posts/a-post',
            cache: 'default',
            figures: figures(2500),
          },
        ],
      },
      { name: 'postgresql', skipped: 'not reachable' },
    ],
    budget: { routes: [{ route: '/blog/{slug}', files: 9, kb: 170.3, budget: 175, target: 120 }] },
  });
}

test('buildReport measures every request against the mean of the two bare runs', () => {
  const report = sample();
  assert.equal(report.reference.rps, 10000);
  assert.equal(report.reference.start.sharePercent, 110);
  assert.equal(report.reference.end.sharePercent, 90);
  assert.equal(report.node, 'v20.20.2');
  assert.deepEqual(report.cpu, { model: 'Test CPU', cores: 2 });
  assert.deepEqual(report.settings, {
    connections: 50,
    durationSeconds: 10,
    warmupSeconds: 2,
    headers: { 'accept-encoding': 'gzip' },
    apiHeaders: { 'x-api-key': 'key' },
  });
  assert.deepEqual(
    report.databases.pglite.results.map((r) => [r.id, r.request, r.url, r.readCache, r.sharePercent]),
    [
      ['posts-list', 'GET /api/posts', '/api/posts', 'default', 50],
      ['posts-list-uncached', 'GET /api/posts', '/api/posts', 'off', 10],
      ['post', 'GET /api/posts/{slug}', '/api/posts/a-post', 'default', 25],
    ],
  );
  assert.deepEqual(report.databases.postgresql, { skipped: 'not reachable' });
  // It survives a round trip through JSON unchanged (nothing but plain data).
  assert.deepEqual(JSON.parse(JSON.stringify(report)), report);
});

test('formatTable prints one aligned Markdown table', () => {
  const lines = formatTable(sample()).split('\n');
  assert.match(
    lines[0],
    /^\| database +\| request +\| req\/s \| % of bare \| p50 ms \| p99 ms \| errors \| non-2xx \|$/,
  );
  assert.match(lines[1], /^\|-+\|-+\|-+:\|-+:\|-+:\|-+:\|-+:\|-+:\|$/);
  const cells = lines.slice(2).map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()),
  );
  assert.deepEqual(
    cells.map((c) => c.slice(0, 4)),
    [
      ['-', 'bare Fastify `GET /`, start', '11000', '110.0 %'],
      ['-', 'bare Fastify `GET /`, end', '9000', '90.0 %'],
      ['pglite', '`GET /api/posts`', '5000', '50.0 %'],
      ['pglite', '`GET /api/posts`, uncached (`READ_CACHE_BYTES=0`)', '1000', '10.0 %'],
      ['pglite', '`GET /api/posts/{slug}`', '2500', '25.0 %'],
      ['postgresql', 'skipped: not reachable', '', ''],
    ],
  );
  assert.equal(new Set(lines.map((line) => line.length)).size, 1, 'every line has the same width');
});

test('formatHeading names the date, Node and the CPU', () => {
  const heading = formatHeading(sample());
  assert.match(heading, /2026-01-02T03:04:05\.000Z/);
  assert.match(heading, /Node v20\.20\.2/);
  assert.match(heading, /2 × Test CPU; load average at the start: 0.5, 0.25, 0.1/);
  assert.match(heading, /50 connections, 10 s per run after a 2 s warm-up/);
});

describe('formatBudget', () => {
  for (const [budget, expected] of [
    [{ skipped: '--no-budget' }, /^First-load JavaScript: skipped \(--no-budget\)$/],
    [{ error: 'no browser' }, /^First-load JavaScript: failed \(no browser\)$/],
    [
      { routes: [{ route: '/', files: 3, kb: 1.5, budget: null, target: null }] },
      /\| `\/` +\| +3 \| +1\.5 \| +- \| +- \|/,
    ],
  ]) {
    test(JSON.stringify(budget), () => assert.match(formatBudget(budget), expected));
  }
});

test('parseBudgetOutput reads the routes budget.mjs prints and takes budgets from budget.json', () => {
  const output = [
    'route            files gzip KB budget target',
    '/                   32   191.4    195       ',
    '/blog/{slug}        22     170    175    120',
    '/new               4     0.5',
    'some warning line',
  ].join('\n');
  assert.deepEqual(
    parseBudgetOutput(output, { budget: { '/': 195, '/blog/{slug}': 175 }, target: { '/blog/{slug}': 120 } }),
    [
      { route: '/', files: 32, kb: 191.4, budget: 195, target: null },
      { route: '/blog/{slug}', files: 22, kb: 170, budget: 175, target: 120 },
      { route: '/new', files: 4, kb: 0.5, budget: null, target: null },
    ],
  );
  assert.deepEqual(parseBudgetOutput(''), []);
});

describe('summarizeLog', () => {
  const warn = (msg) => JSON.stringify({ level: 40, time: 1, msg });
  const cases = [
    ['', []],
    [`${warn('slow')}\n${warn('slow')}\n${warn('other')}\n`, ['2 × warn: slow', 'warn: other']],
    ['plain text\n{"level":50,"msg":"boom"}', ['plain text', 'error: boom']],
    [
      `${warn('Reply was already sent in "/a.json" (GET)')}\n${warn('Reply was already sent in "/b/c.svg" (GET)')}`,
      ['2 × warn: Reply was already sent in "<path>" (GET)'],
    ],
    [[1, 2, 3, 4].map((n) => warn(`m${n}`)).join('\n'), ['warn: m1', 'warn: m2', '... and 2 other messages']],
  ];
  for (const [output, expected] of cases) {
    test(JSON.stringify(output).slice(0, 60), () => assert.deepEqual(summarizeLog(output, 2), expected));
  }
});

describe('save stall', () => {
  test('nestedLists fills the content with lists nested as asked, or all the way', () => {
    const allowed = nestedLists(128);
    assert.ok(allowed.length <= CONTENT_BYTES && allowed.length > CONTENT_BYTES - 2400);
    assert.ok(allowed.startsWith(`${'<ul><li>'.repeat(128)}item</li>`));
    const deep = nestedLists(null);
    assert.ok(deep.length <= CONTENT_BYTES && deep.length > CONTENT_BYTES - 20);
    assert.ok(deep.startsWith('<ul><li>'.repeat(50_000)));
    assert.deepEqual(
      SAVE_STALL_CASES.map((c) => [c.id, c.expect]),
      [
        ['too-deep', 422],
        ['allowed', 201],
      ],
    );
  });

  test('probeFigures keeps the count, median, longest and failures', () => {
    assert.deepEqual(
      probeFigures([
        [12.4, 200],
        [3.2, 200],
        [950.6, 408],
        [5.5, 200],
      ]),
      { requests: 4, p50Ms: 6, maxMs: 951, failed: 1 },
    );
    assert.deepEqual(probeFigures([]), { requests: 0, p50Ms: null, maxMs: null, failed: 0 });
  });

  const stall = {
    cases: [
      {
        id: 'too-deep',
        label: 'deep lists',
        expect: 422,
        status: 201,
        saveMs: 4400,
        probes: {
          health: { requests: 2, p50Ms: 20, maxMs: 3300, failed: 0 },
          read: { requests: 1, p50Ms: 3310, maxMs: 3310, failed: 1 },
        },
      },
      {
        id: 'allowed',
        label: 'lists',
        expect: 201,
        status: 201,
        saveMs: 700,
        probes: {
          health: { requests: 40, p50Ms: 4, maxMs: 60, failed: 0 },
          read: { requests: 38, p50Ms: 5, maxMs: 80, failed: 0 },
        },
      },
    ],
  };

  test("buildReport keeps each database's figures", () => {
    const figures = summarize(result({ rps: 100 }));
    const report = buildReport({
      machine,
      settings: { duration: 1, warmup: 0, connections: 1, apiKey: 'key' },
      bare: { start: figures, end: figures },
      databases: [
        { name: 'pglite', slug: 'a', rows: [], saveStall: stall },
        { name: 'postgresql', slug: 'a', rows: [] },
      ],
      budget: { skipped: 'test' },
    });
    assert.deepEqual(report.databases.pglite.saveStall, stall);
    assert.equal('saveStall' in report.databases.postgresql, false);
  });

  test('formatSaveStall prints one row per database and save', () => {
    const lines = formatSaveStall({ pglite: { saveStall: stall }, postgresql: { skipped: 'x' } }).split('\n');
    assert.match(lines[0], /^Readers during a long save: `GET \/api\/health`/);
    assert.match(lines[2], /^\| database \| save +\| answer +\| save ms \| health max ms \|/);
    assert.equal(lines.length, 6);
    assert.deepEqual(
      lines.slice(4).map((line) =>
        line
          .split('|')
          .map((cell) => cell.trim())
          .slice(1, -1),
      ),
      [
        ['pglite', 'deep lists', '201 (expected 422)', '4400', '3300', '20', '3310', '3310', '2 + 1', '1'],
        ['pglite', 'lists', '201', '700', '60', '4', '80', '5', '40 + 38', '0'],
      ],
    );
    assert.equal(
      formatSaveStall({ postgresql: { skipped: 'x' } }),
      'Readers during a long save: not measured',
    );
  });
});

describe('mixed load', () => {
  const sessions = [{ address: '10.9.9.9', cookie: 'session=s; csrf=c', token: 'editor-token' }];
  const build = () => {
    const heard = [];
    const requests = mixedRequests({
      seeded: ['first', 'second'],
      sessions,
      service: 'seo',
      apiKey: 'key',
      run: 'r1',
      record: (id, status) => heard.push([id, status]),
    });
    return { requests, heard };
  };
  // What autocannon does with a request that has setupRequest: a copy with its headers, then the function.
  const setup = (request, context) =>
    request.setupRequest
      ? request.setupRequest({ ...request, headers: { ...request.headers } }, context)
      : request;

  test('has the clients of the API load test, 100 in all', () => {
    assert.deepEqual(MIXED_CLIENTS, { readers: 50, contacts: 30, editors: 20 });
    const { requests } = build();
    for (const [kind, steps] of Object.entries(MIXED_STEPS))
      assert.equal(requests[kind].length, steps.length);
  });

  test('readers read seeded posts, then the ones written during the run', () => {
    const { requests, heard } = build();
    const [list, , , seededPost, writtenPost, page] = requests.readers;
    assert.equal(list.path, '/api/posts?language=en&per_page=9');
    assert.equal(list.headers['x-api-key'], 'key');
    assert.match(setup(seededPost, {}).path, /^\/api\/posts\/(first|second)$/);
    assert.match(setup(writtenPost, {}).path, /^\/api\/posts\/(first|second)$/);
    assert.match(setup(page, {}).path, /^\/blog\/(first|second)$/);
    assert.equal(page.headers['x-api-key'], undefined);
    // An editor's post acknowledged: readers go for it.
    const [create] = requests.editors;
    const context = {};
    setup(create, context);
    create.onResponse(201, JSON.stringify({ data: { slug: 'bench-r1-1', updated_at: 'v1' } }), context, {});
    assert.equal(setup(writtenPost, {}).path, '/api/posts/bench-r1-1');
    list.onResponse(200, '{}', {}, {});
    assert.deepEqual(heard, [
      ['post-create', 201],
      ['list', 200],
    ]);
  });

  test('each contact comes from a new visitor, with the token and cookie its CSRF answer gave', () => {
    const { requests } = build();
    const [csrf, contact] = requests.contacts;
    const one = {};
    const asked = setup(csrf, one);
    csrf.onResponse(200, JSON.stringify({ token: 't1' }), one, {
      'set-cookie': ['csrf=abc; Path=/; HttpOnly'],
    });
    const sent = setup(contact, one);
    assert.equal(sent.method, 'POST');
    assert.equal(sent.headers['x-forwarded-for'], asked.headers['x-forwarded-for']);
    assert.equal(sent.headers.cookie, 'csrf=abc');
    assert.equal(sent.headers['x-csrf-token'], 't1');
    assert.equal(sent.headers['content-type'], 'application/json');
    assert.equal(JSON.parse(sent.body).service, 'seo');
    const two = {};
    assert.notEqual(setup(csrf, two).headers['x-forwarded-for'], asked.headers['x-forwarded-for']);
  });

  test('editors create a post, then rename it with the version each answer gave', () => {
    const { requests } = build();
    const [create, update] = requests.editors;
    const context = {};
    const created = setup(create, context);
    assert.equal(created.method, 'POST');
    assert.equal(created.headers.cookie, 'session=s; csrf=c');
    assert.equal(created.headers['x-csrf-token'], 'editor-token');
    assert.match(created.headers['content-type'], /^multipart\/form-data; boundary=/);
    assert.match(created.body, /name="slug"\r\n\r\nbench-r1-1\r\n/);
    create.onResponse(201, JSON.stringify({ data: { slug: 'bench-r1-1', updated_at: 'v1' } }), context, {});
    const renamed = setup(update, context);
    assert.equal(renamed.method, 'PUT');
    assert.equal(renamed.path, '/api/posts/bench-r1-1');
    assert.match(renamed.body, /name="version"\r\n\r\nv1\r\n/);
    // A refused rename: the round starts again with a new post.
    update.onResponse(409, '{}', context, {});
    assert.equal(setup(update, context), null);
  });

  test('multipart and mergeCookies', () => {
    const { body, contentType } = multipart({ a: '1', b: 'two' });
    const boundary = contentType.split('boundary=')[1];
    assert.equal(
      body,
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="b"\r\n\r\ntwo\r\n--${boundary}--\r\n`,
    );
    const jar = new Map();
    assert.equal(mergeCookies(jar, 'a=1; Path=/'), 'a=1');
    assert.equal(mergeCookies(jar, ['b=2; HttpOnly', 'a=3']), 'a=3; b=2');
  });

  test('latencyFigures takes the nearest rank', () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    assert.deepEqual(latencyFigures(values), { requests: 200, p50Ms: 100, p99Ms: 198, maxMs: 200 });
    assert.deepEqual(latencyFigures([]), { requests: 0, p50Ms: null, p99Ms: null, maxMs: null });
  });

  test('summarizeMixed counts by request, and answers other than a success as unexpected', () => {
    const samples = [
      ['list', 200, 10],
      ['list', 200, 30],
      ['post-create', 201, 100],
      ['post-create', 422, 5],
      ['contact', 200, 20.4],
    ];
    const figures = summarizeMixed(
      samples,
      [
        { errors: 1, timeouts: 0 },
        { errors: 2, timeouts: 1 },
      ],
      2,
    );
    assert.equal(figures.requests, 5);
    assert.equal(figures.rps, 2.5);
    assert.equal(figures.maxMs, 100);
    assert.equal(figures.errors, 3);
    assert.equal(figures.timeouts, 1);
    assert.equal(figures.unexpected, 1);
    assert.deepEqual(
      figures.kinds.map((k) => [k.id, k.requests, k.p99Ms, k.unexpected, k.statuses]),
      [
        ['list', 2, 30, 0, { 200: 2 }],
        ['contact', 1, 20, 0, { 200: 1 }],
        ['post-create', 2, 100, 1, { 201: 1, 422: 1 }],
      ],
    );
  });

  test('parseStatus reads RSS and its peak from /proc/PID/status', () => {
    assert.deepEqual(parseStatus('Name:\tnode\nVmHWM:\t  307200 kB\nVmRSS:\t  256000 kB\n'), {
      rssMb: 250,
      peakMb: 300,
    });
    assert.equal(parseStatus('Name:\tnode\n'), null);
  });

  const load = (p99Ms) => ({ ...summarizeMixed([['list', 200, p99Ms]], [{ errors: 0, timeouts: 0 }], 1) });
  const memory = (rssMb, readyMs = 1000) => ({
    firstStart: { rssMb, peakMb: rssMb + 10, readyMs: readyMs * 3 },
    idle: { rssMb, peakMb: rssMb + 10 },
    reopen: { rssMb: rssMb - 20, peakMb: rssMb, readyMs },
    afterLoad: { rssMb: rssMb + 30, peakMb: rssMb + 30 },
  });
  const limit = (mixed, database, moment, figure) =>
    mixed.limits.find((l) => l.database === database && l.moment === moment && l.figure === figure);

  test('buildMixed holds every figure against its limit, and the p99 against the target', () => {
    const mixed = buildMixed({
      duration: 10,
      warmup: 2,
      databases: [
        { name: 'pglite', memory: memory(180), load: load(900) },
        { name: 'postgresql', memory: memory(140), load: load(600) },
      ],
    });
    assert.deepEqual(mixed.clients, MIXED_CLIENTS);
    assert.equal(mixed.durationSeconds, 10);
    assert.equal(mixed.warmupSeconds, 2);
    assert.deepEqual(mixed.steps.contacts, ['GET /api/csrf', 'POST /api/contact']);
    assert.equal(mixed.databases.pglite.memory.firstStart.rssMb, 180);
    assert.deepEqual(mixed.targets, { p99Ratio: MIXED_TARGETS.p99Ratio, pgliteP99Ratio: 1.5, p99Met: true });
    // The limits of a lean server, each with its figure.
    assert.deepEqual(
      mixed.limits.map((l) => [l.database, l.moment, l.figure, l.limit, l.value, l.met]),
      [
        ['pglite', 'firstStart', 'rssMb', 200, 180, true],
        ['pglite', 'reopen', 'rssMb', 200, 160, true],
        ['pglite', 'afterLoad', 'rssMb', 300, 210, true],
        ['postgresql', 'idle', 'rssMb', 150, 140, true],
        ['pglite', 'firstStart', 'readyMs', 4000, 3000, true],
        ['pglite', 'reopen', 'readyMs', 1500, 1000, true],
      ],
    );
    assert.equal(mixed.limits.length, MEMORY_LIMITS.length);

    const missed = buildMixed({
      duration: 10,
      warmup: 2,
      databases: [
        { name: 'pglite', memory: memory(340, 2100), load: load(5000) },
        { name: 'postgresql', skipped: 'not reachable' },
      ],
    });
    assert.equal(limit(missed, 'pglite', 'firstStart', 'rssMb').met, false);
    assert.equal(limit(missed, 'pglite', 'afterLoad', 'rssMb').met, false);
    assert.equal(limit(missed, 'pglite', 'reopen', 'readyMs').met, false);
    assert.equal(limit(missed, 'pglite', 'firstStart', 'readyMs').met, false);
    // Not measured is neither met nor missed.
    assert.deepEqual(limit(missed, 'postgresql', 'idle', 'rssMb').value, null);
    assert.equal(limit(missed, 'postgresql', 'idle', 'rssMb').met, null);
    assert.equal(missed.targets.pgliteP99Ratio, null);
    assert.equal(missed.targets.p99Met, null);
    assert.deepEqual(missed.databases.postgresql, { skipped: 'not reachable' });
  });

  test('buildReport keeps the mixed load; formatMixed prints it with the figures past their limits marked', () => {
    const mixed = buildMixed({
      duration: 10,
      warmup: 2,
      databases: [
        { name: 'pglite', memory: memory(280, 1200), load: load(900) },
        { name: 'postgresql', memory: memory(150), load: load(600) },
      ],
    });
    const report = buildReport({
      machine,
      settings: { duration: 10, warmup: 2, connections: 50, apiKey: 'key' },
      bare: { start: summarize(result({ rps: 100 })), end: summarize(result({ rps: 100 })) },
      databases: [],
      budget: { skipped: '--no-budget' },
      mixed,
    });
    assert.deepEqual(report.mixed, mixed);
    assert.deepEqual(JSON.parse(JSON.stringify(report.mixed)), mixed);
    const text = formatMixed(report.mixed);
    assert.match(
      text,
      /^Mixed load: 100 clients at once \(50 readers, 30 contact forms, 20 editors\), 10 s after a 2 s warm-up\./,
    );
    // ready 3.6 s (within 4), RSS 280 ! (over 200), peak, idle, reopen ready 1.2 s, reopen 260 !, after load 310 !
    assert.match(
      text,
      /\| pglite +\| +3\.6 \| +280 ! \| +290 \| +280 \| +1\.2 \| +260 ! \| +310 ! \| +1 \| +900 \| +900 \| +900 \| +0 \| +0 \|/,
    );
    // PostgreSQL idle at its limit is within it; its start times and restart have no limit.
    assert.match(text, /\| postgresql \| +3\.0 \| +150 \| +160 \| +150 \| +1\.0 \| +130 \| +180 \|/);
    assert.match(text, /\| postgresql \| list +\| +1 \| +600 \| +600 \| +600 \| +0 \|/);
    assert.match(
      text,
      /^- PGlite RSS after a first start on a new data folder: 280 MB \(at most 200 MB\): MISSED$/m,
    );
    assert.match(text, /^- PGlite RSS after the mixed load: 310 MB \(at most 300 MB\): MISSED$/m);
    assert.match(text, /^- PostgreSQL RSS idle: 150 MB \(at most 150 MB\): met$/m);
    assert.match(text, /^- PGlite ready on a new data folder: 3\.6 s \(at most 4\.0 s\): met$/m);
    assert.match(text, /^- PGlite ready on existing data: 1\.2 s \(at most 1\.5 s\): met$/m);
    assert.match(text, /Target: PGlite p99 1\.5 × PostgreSQL's \(at most 2 ×: met\)$/);
    assert.equal(formatMixed({ skipped: '--no-mixed' }), 'Mixed load: skipped (--no-mixed)');
    // Without it (an older caller), the report has no mixed section at all.
    assert.equal('mixed' in sample(), false);
  });
});

describe('write on A → new version on B', () => {
  test('reduces the lags to their percentiles and counts those within the bound', () => {
    const lags = [...Array.from({ length: 98 }, (_, i) => 2 + (i % 10)), 40.4, CROSS_PROCESS_BOUND_MS + 1];
    assert.deepEqual(crossProcessFigures(lags, 7), {
      requests: 100,
      p50Ms: 6,
      p99Ms: 40,
      maxMs: CROSS_PROCESS_BOUND_MS + 1,
      withinBound: 99,
      staleAnswers: 7,
    });
  });

  test('prints the figures, or why there are none', () => {
    const text = formatCrossProcess(crossProcessFigures([3, 5, 9], 2));
    assert.match(text, /3 renames on A/);
    assert.match(
      text,
      /p50 5 ms, p99 9 ms, max 9 ms; 3 of 3 within 1000 ms; 2 answers of B with the old title/,
    );
    assert.match(formatCrossProcess({ skipped: '--no-postgres' }), /skipped \(--no-postgres\)/);
    assert.match(formatCrossProcess(undefined), /skipped \(not run\)/);
  });

  test('is part of the report when measured', () => {
    const report = buildReport({
      machine: { date: 'd', node: 'v20', platform: 'linux x64', cpu: { model: 'cpu', cores: 2 } },
      settings: { duration: 1, warmup: 0, connections: 1, apiKey: 'k' },
      bare: { start: summarize(result({ rps: 100 })), end: summarize(result({ rps: 100 })) },
      databases: [],
      budget: { skipped: 'no' },
      crossProcess: { skipped: '--no-cross-process' },
    });
    assert.deepEqual(report.crossProcess, { skipped: '--no-cross-process' });
  });
});
