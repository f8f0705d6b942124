// node --test scripts/bench/lighthouse-report.test.mjs, part of `pnpm test:unit`: the pure half of
// `pnpm bench:lighthouse`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildReport,
  DEFAULTS,
  formatShortfalls,
  formatTable,
  LANGUAGES,
  median,
  medians,
  parseOptions,
  ROUTES,
  routeAddress,
  runFigures,
  shortfalls,
  TARGETS,
} from './lighthouse-report.mjs';

/** A Lighthouse result (`lhr`) reduced to what runFigures reads. */
function lhr({
  performance = 1,
  accessibility = 1,
  bestPractices = 1,
  seo = 1,
  tbt = 40,
  lcp = 1500,
  cls = 0,
  fcp = 900,
  longTasks = [],
  audits = {},
} = {}) {
  const ref = (id, weight = 1) => ({ id, weight });
  return {
    environment: { benchmarkIndex: 1800 },
    categories: {
      performance: { score: performance, auditRefs: [] },
      accessibility: { score: accessibility, auditRefs: [ref('color-contrast', 7), ref('image-alt', 10)] },
      'best-practices': {
        score: bestPractices,
        auditRefs: [ref('errors-in-console'), ref('deprecations', 0)],
      },
      seo: { score: seo, auditRefs: [ref('meta-description'), ref('is-crawlable')] },
    },
    audits: {
      'total-blocking-time': { numericValue: tbt },
      'largest-contentful-paint': { numericValue: lcp },
      'cumulative-layout-shift': { numericValue: cls },
      'first-contentful-paint': { numericValue: fcp },
      'long-tasks': { details: { items: longTasks } },
      'color-contrast': { score: 1 },
      'image-alt': { score: 1 },
      'errors-in-console': { score: 1 },
      deprecations: { score: 1 },
      'meta-description': { score: 1 },
      'is-crawlable': { score: 1 },
      ...audits,
    },
  };
}

const onTarget = {
  performance: 99,
  tbtMs: 40,
  lcpMs: 1500,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  longTasks: 0,
  longestTaskMs: 0,
};

describe('parseOptions', () => {
  test('defaults: three runs of every route in both languages, the report under bench/, exit 0', () => {
    const options = parseOptions([]);
    assert.equal(options.runs, 3);
    assert.deepEqual(options.routes, [...ROUTES]);
    assert.equal(options.routes.length, 9);
    assert.deepEqual(options.languages, ['en', 'ar']);
    assert.equal(options.out, DEFAULTS.out);
    assert.match(options.out, /^bench\//);
    assert.equal(options.strict, false);
    assert.equal(options.build, true);
    assert.equal(options.port, null);
  });

  test('reads --runs, --routes, --lang, --out, --port, --strict and --no-build', () => {
    const options = parseOptions([
      '--runs',
      '1',
      '--routes',
      '/, /about,/blog/{slug}',
      '--lang',
      'ar',
      '--out',
      'x.json',
      '--port',
      '4200',
      '--strict',
      '--no-build',
    ]);
    assert.equal(options.runs, 1);
    assert.deepEqual(options.routes, ['/', '/about', '/blog/{slug}']);
    assert.deepEqual(options.languages, ['ar']);
    assert.equal(options.out, 'x.json');
    assert.equal(options.port, 4200);
    assert.equal(options.strict, true);
    assert.equal(options.build, false);
  });

  test('refuses what it cannot run, saying which option is wrong', () => {
    assert.throws(() => parseOptions(['--runs', '0']), /--runs/);
    assert.throws(() => parseOptions(['--runs', '1.5']), /--runs/);
    assert.throws(() => parseOptions(['--lang', 'fr']), /--lang must be en or ar/);
    assert.throws(() => parseOptions(['--routes', 'about']), /"about" is not a path/);
    assert.throws(() => parseOptions(['--routes', '/about?lng=ar']), /not a path/);
    assert.throws(() => parseOptions(['--routes', ',']), /no route/);
    assert.throws(() => parseOptions(['--port', '70000']), /--port/);
    assert.throws(() => parseOptions(['--fast']), /fast/);
  });
});

describe('routeAddress', () => {
  test('puts the language in the query and fills in the service and the post', () => {
    const found = { key: 'seo', slug: 'core-web-vitals' };
    assert.equal(routeAddress('/', 'en', found), '/?lng=en');
    assert.equal(routeAddress('/services/{key}', 'ar', found), '/services/seo?lng=ar');
    assert.equal(routeAddress('/blog/{slug}', 'en', found), '/blog/core-web-vitals?lng=en');
    assert.deepEqual(LANGUAGES, ['en', 'ar']);
  });
});

describe('median', () => {
  test('is the middle value of an odd count and the mean of the two middle ones of an even count', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([90, 100, 95, 97]), 96);
    assert.equal(median([42]), 42);
  });

  test('leaves out runs that measured nothing, and is null when none did', () => {
    assert.equal(median([null, 80, undefined, 90, 100]), 90);
    assert.equal(median([null, undefined]), null);
    assert.equal(median([]), null);
  });
});

describe('runFigures', () => {
  test('keeps the scores out of 100, TBT, LCP and CLS, and how fast the machine was', () => {
    const figures = runFigures(
      lhr({ performance: 0.97, accessibility: 0.96, tbt: 210.4, lcp: 2300.0449, cls: 0.02 }),
    );
    assert.equal(figures.performance, 97);
    assert.equal(figures.accessibility, 96);
    assert.equal(figures.bestPractices, 100);
    assert.equal(figures.seo, 100);
    assert.equal(figures.tbtMs, 210.4);
    assert.equal(figures.lcpMs, 2300);
    assert.equal(figures.cls, 0.02);
    assert.equal(figures.benchmarkIndex, 1800);
  });

  test('names the weighted audits that cost a category points, not the unweighted ones', () => {
    const figures = runFigures(
      lhr({
        accessibility: 0.93,
        bestPractices: 0.96,
        audits: {
          'color-contrast': { score: 0 },
          'errors-in-console': { score: 0 },
          deprecations: { score: 0 },
        },
      }),
    );
    assert.deepEqual(figures.failing, {
      accessibility: ['color-contrast'],
      'best-practices': ['errors-in-console'],
    });
  });

  test('counts the tasks over 50 ms from the first paint on, and the longest of them', () => {
    const task = (startTime, duration) => ({ url: 'http://127.0.0.1/', startTime, duration });
    const figures = runFigures(
      lhr({
        fcp: 900,
        // Before the paint, exactly 50 ms, then two over it.
        longTasks: [task(400, 180), task(950, 50), task(900, 64.27), task(2800, 113.9)],
      }),
    );
    assert.equal(figures.longTasks, 2);
    assert.equal(figures.longestTaskMs, 113.9);
    const none = runFigures(lhr({ longTasks: [task(100, 300)] }));
    assert.equal(none.longTasks, 0);
    assert.equal(none.longestTaskMs, 0);
  });

  test('long tasks are not measured when the result has no first paint or no long-tasks audit', () => {
    const noPaint = lhr({ longTasks: [] });
    delete noPaint.audits['first-contentful-paint'];
    assert.equal(runFigures(noPaint).longTasks, null);
    const noAudit = lhr();
    delete noAudit.audits['long-tasks'];
    assert.equal(runFigures(noAudit).longestTaskMs, null);
  });

  test('a category Lighthouse could not score is null, and its error is kept', () => {
    const result = lhr();
    result.categories.performance.score = null;
    delete result.audits['largest-contentful-paint'].numericValue;
    result.runtimeError = { code: 'NO_FCP', message: 'The page did not paint any content.' };
    const figures = runFigures(result);
    assert.equal(figures.performance, null);
    assert.equal(figures.lcpMs, null);
    assert.equal(figures.error, 'The page did not paint any content.');
  });
});

describe('medians', () => {
  test('takes each figure’s median on its own and gathers the failing audits of every run once', () => {
    const runs = [
      { ...onTarget, performance: 91, tbtMs: 300, failing: { accessibility: ['color-contrast'] } },
      { ...onTarget, performance: 99, tbtMs: 20, failing: {} },
      {
        ...onTarget,
        performance: 97,
        tbtMs: 90,
        failing: { accessibility: ['color-contrast', 'image-alt'] },
      },
    ];
    const result = medians(runs);
    assert.equal(result.performance, 97);
    assert.equal(result.tbtMs, 90);
    assert.equal(result.cls, 0);
    assert.deepEqual(result.failing, { accessibility: ['color-contrast', 'image-alt'] });
  });

  test('a failed run counts for nothing', () => {
    const result = medians([
      { error: 'Chromium did not start', failing: {} },
      { ...onTarget, performance: 95 },
    ]);
    assert.equal(result.performance, 95);
  });
});

describe('shortfalls', () => {
  test('nothing for a route on every target, the limits included', () => {
    assert.deepEqual(shortfalls(onTarget), []);
    assert.deepEqual(shortfalls({ ...onTarget, performance: 98, tbtMs: 150, lcpMs: 2000 }), []);
  });

  test('names each target missed with the figure and the limit', () => {
    assert.deepEqual(
      shortfalls({
        performance: 91,
        tbtMs: 151,
        lcpMs: 2450,
        cls: 0.031,
        accessibility: 96,
        bestPractices: 100,
        seo: 92,
      }),
      [
        'performance 91 < 98',
        'TBT 151 ms > 150 ms',
        'LCP 2.45 s > 2.0 s',
        'CLS 0.031 > 0',
        'accessibility 96 < 100',
        'SEO 92 < 100',
      ],
    );
  });

  test('any layout shift at all misses CLS 0, even one too small to show with three decimals', () => {
    assert.deepEqual(shortfalls({ ...onTarget, cls: 0.0002 }), ['CLS <0.001 > 0']);
  });

  test('a figure that could not be measured misses its target', () => {
    assert.deepEqual(shortfalls({ ...onTarget, performance: null, lcpMs: null }), [
      'performance not measured',
      'LCP not measured',
    ]);
  });

  test('long tasks after the first paint miss the target on the home page only', () => {
    const busy = { ...onTarget, longTasks: 2, longestTaskMs: 113.6 };
    assert.deepEqual(shortfalls(busy, TARGETS, '/'), [
      '2 long tasks after the first paint (longest 114 ms) > 0',
    ]);
    assert.deepEqual(shortfalls({ ...busy, longTasks: 1 }, TARGETS, '/'), [
      '1 long task after the first paint (longest 114 ms) > 0',
    ]);
    assert.deepEqual(shortfalls(busy, TARGETS, '/about'), []);
    assert.deepEqual(shortfalls({ ...onTarget, longTasks: null }, TARGETS, '/'), ['long tasks not measured']);
  });

  test('the targets are the page-speed goal', () => {
    assert.deepEqual(TARGETS, {
      performance: 98,
      tbtMs: 150,
      lcpMs: 2000,
      cls: 0,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      longTasks: 0,
      longTaskRoutes: ['/'],
    });
  });
});

function report(rows) {
  return buildReport({
    machine: { date: '2026-11-28T00:00:00.000Z' },
    settings: { runs: 3 },
    rows: rows.map(([route, language, median, firstLoad = { kb: 173.04, files: 21 }]) => ({
      route,
      language,
      address: `${route}?lng=${language}`,
      firstLoad,
      runs: [],
      median: { failing: {}, ...median },
    })),
  });
}

describe('formatTable', () => {
  test('one line per route and language with the medians, the first-load JavaScript and whether it is on target', () => {
    const table = formatTable(
      report([
        ['/', 'en', onTarget, { kb: 195.34, files: 24 }],
        ['/about', 'ar', { ...onTarget, performance: 93, tbtMs: 212.6, lcpMs: 2345, cls: 0.0123 }],
        [
          '/blog',
          'en',
          { ...onTarget, performance: null, tbtMs: null, lcpMs: null, cls: null, longTasks: null },
          { error: 'x' },
        ],
      ]),
    );
    const lines = table.split('\n');
    assert.equal(lines.length, 5);
    assert.match(
      lines[0],
      /\| route +\| lang \| perf \| TBT ms \| LCP s \| +CLS \| a11y \| best pr\. \| SEO \| long tasks \| JS KB gzip \| on target \|/,
    );
    assert.deepEqual(
      lines[2]
        .split('|')
        .map((cell) => cell.trim())
        .slice(1, -1),
      ['/', 'en', '99', '40', '1.5', '0.000', '100', '100', '100', '0', '195.3', 'yes'],
    );
    assert.deepEqual(
      lines[3]
        .split('|')
        .map((cell) => cell.trim())
        .slice(1, -1),
      ['/about', 'ar', '93', '213', '2.35', '0.012', '100', '100', '100', '0', '173.0', 'no'],
    );
    assert.deepEqual(
      lines[4]
        .split('|')
        .map((cell) => cell.trim())
        .slice(1, -1),
      ['/blog', 'en', '-', '-', '-', '-', '100', '100', '100', '-', '-', 'no'],
    );
  });
});

describe('formatShortfalls', () => {
  test('says so when every route is on target', () => {
    assert.match(formatShortfalls(report([['/', 'en', onTarget]])), /^Every route is on target/);
  });

  test('lists the routes below 98 performance, then every route missing a target with its audits', () => {
    const text = formatShortfalls(
      report([
        ['/', 'en', onTarget],
        ['/', 'ar', { ...onTarget, performance: 95, tbtMs: 180 }],
        ['/blog', 'en', { ...onTarget, accessibility: 96, failing: { accessibility: ['color-contrast'] } }],
      ]),
    );
    const lines = text.split('\n');
    assert.equal(lines[0], 'Below 98 performance: / (ar).');
    assert.ok(lines.includes('- / (ar): performance 95 < 98; TBT 180 ms > 150 ms'));
    assert.ok(lines.includes('- /blog (en): accessibility 96 < 100 [accessibility: color-contrast]'));
    assert.ok(!lines.some((line) => line.startsWith('- / (en)')));
  });

  test('a home page with a long task after its first paint misses its target', () => {
    const text = formatShortfalls(report([['/', 'ar', { ...onTarget, longTasks: 1, longestTaskMs: 72 }]]));
    assert.match(text, /^No route is below 98 performance\./);
    assert.match(text, /- \/ \(ar\): 1 long task after the first paint \(longest 72 ms\) > 0/);
  });

  test('says no route is below 98 when only other targets are missed', () => {
    const text = formatShortfalls(report([['/', 'en', { ...onTarget, cls: 0.01 }]]));
    assert.match(text, /^No route is below 98 performance\./);
    assert.match(text, /- \/ \(en\): CLS 0\.010 > 0/);
  });
});
