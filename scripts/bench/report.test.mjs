// node --test scripts/bench/report.test.mjs, part of `pnpm test:unit`: the pure half of `pnpm bench`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildReport,
  DEFAULTS,
  formatBudget,
  formatHeading,
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

describe('parseOptions', () => {
  const cases = [
    {
      argv: [],
      expected: {
        ...DEFAULTS,
        budget: true,
        postgres: true,
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
        build: true,
        help: false,
      },
    },
    {
      argv: ['--duration=0.5', '--no-postgres', '--no-build'],
      expected: { ...DEFAULTS, duration: 0.5, budget: true, postgres: false, build: false, help: false },
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
