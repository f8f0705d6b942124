import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPackageDir } from '../paths';
import { makeTempDir, useTestApp } from '../test/app';
import { databases, useDatabase } from '../test/databases';

// The legal pages read nothing from the database but the footer's services: one run on PGlite is enough, as
// for the other rendering tests (web-render.test.ts).
const pglite = databases[0];
if (!pglite) throw new Error('no PGlite test database');

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Agency</title>
    <!--app-meta-->
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="site-header"></div>
    <main id="main-content" tabindex="-1">
      <div id="single-spa-application:@agency/mf-marketing"></div>
      <div id="not-found"></div>
    </main>
    <div id="site-footer"></div>
  </body>
</html>
`;

/** The shell's part as the real one words it: the footer's legal links, named by the shell's translations. */
const SHELL_ENTRY = `
export async function render(request) {
  const nav = request.resources.shell.nav;
  return {
    parts: {
      'site-footer': '<footer><a href="/privacy">' + nav.privacy + '</a> <a href="/terms">' + nav.terms + '</a></footer>',
    },
    head: {}, missing: [], errors: [], hints: '',
  };
}
`;

/** The marketing app's part: which page it was asked for, and the retention the server told it. */
const MARKETING_ENTRY = `
export async function render(request) {
  const page = request.url.split('?')[0].slice(1);
  const title = request.resources.marketing.pages[page].title;
  return {
    parts: {
      'single-spa-application:@agency/mf-marketing':
        '<h1>' + title + '</h1><p data-days>' + request.site.contactRetentionDays + '</p>',
    },
    head: { title: title + ' | Agency' }, missing: [], errors: [], hints: '',
  };
}
`;

const REPOSITORY = path.resolve(apiPackageDir, '..');

async function makeWebRoot(): Promise<string> {
  const webRoot = await makeTempDir('web-legal');
  const files: Record<string, string> = {
    'root-config/dist/index.html': INDEX_HTML,
    'root-config/dist/mf-registry.json': JSON.stringify({
      mf_marketing: '/mf/mf-marketing/',
    }),
    'mf-shell/dist/server/entry.js': SHELL_ENTRY,
    'mf-marketing/dist/server/entry.js': MARKETING_ENTRY,
  };
  files['mf-marketing/dist/mf-marketing/mf-manifest.json'] = JSON.stringify({
    metaData: { publicPath: '/mf/', remoteEntry: { name: 'mf-marketing/remoteEntry.js' } },
  });
  // The site's own words, so the breadcrumbs and titles below are the ones visitors read.
  for (const language of ['en', 'ar']) {
    files[`mf-shell/dist/locales/${language}/common.json`] = '{}';
    for (const [app, ns] of [
      ['mf-shell', 'shell'],
      ['mf-marketing', 'marketing'],
    ] as const) {
      files[`${app}/dist/locales/${language}/${ns}.json`] = await readFile(
        path.join(REPOSITORY, app, 'public/locales', language, `${ns}.json`),
        'utf8',
      );
    }
  }
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
    await writeFile(path.join(webRoot, file), content);
  }
  return webRoot;
}

const database = useDatabase(pglite, { seed: false });

const TITLES = {
  privacy: { en: 'Privacy policy', ar: 'سياسة الخصوصية' },
  terms: { en: 'Terms of service', ar: 'شروط الخدمة' },
} as const;

describe('the privacy policy and the terms, rendered on the server', () => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeWebRoot();
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const t = useTestApp(database, {
    env: () => ({
      WEB_ROOT: webRoot,
      DATA_DIR: path.join(webRoot, '.data'),
      PUBLIC_ORIGIN: 'https://agency.example',
      CONTACT_RETENTION_DAYS: '30',
    }),
  });

  for (const page of ['privacy', 'terms'] as const)
    for (const language of ['en', 'ar'] as const)
      it(`/${page} in ${language}: 200, its content in the HTML, readable without a script`, async () => {
        const res = await t.app.inject({ url: `/${page}?lng=${language}` });
        expect(res.statusCode).toBe(200);
        const html = res.body;
        expect(html).toMatch(
          new RegExp(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`),
        );
        // The page's words are in the markup, not left for a script to write.
        expect(html).toContain(
          `<div id="single-spa-application:@agency/mf-marketing"><h1>${TITLES[page][language]}</h1>`,
        );
        expect(html).toContain(`<title>${TITLES[page][language]} | Agency</title>`);
        expect(html).toContain('<a href="/privacy">');
        expect(html).toContain('<a href="/terms">');
        // Indexed in both languages, like every public page (the sitemap lists the same URLs).
        expect(html).toContain(
          `<link rel="canonical" href="https://agency.example/${page}?lng=${language}" data-page>`,
        );
        expect(html).toContain(
          `<link rel="alternate" hreflang="ar" href="https://agency.example/${page}?lng=ar" data-page>`,
        );
        const crumbs = [...html.matchAll(/<script type="application\/ld\+json" data-page>(.*?)<\/script>/gs)]
          .map(
            ([, json]) =>
              JSON.parse(json as string) as { '@type': string; itemListElement?: { name: string }[] },
          )
          .find((item) => item['@type'] === 'BreadcrumbList');
        expect(crumbs?.itemListElement?.at(-1)?.name).toBe(TITLES[page][language]);
        const sitemap = await t.app.inject({ url: '/sitemap.xml' });
        expect(sitemap.body).toContain(`<loc>https://agency.example/${page}?lng=${language}</loc>`);
      });

  it('tells the renderer, and the page, the retention the server erases messages by', async () => {
    const html = (await t.app.inject({ url: '/privacy' })).body;
    expect(html).toContain('<p data-days>30</p>');
    const config = /<script type="application\/json" id="site-config">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(config ?? '{}')).toMatchObject({ contactRetentionDays: 30 });
  });
});
