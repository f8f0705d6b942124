import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir } from './app';

/*
 * A front-end build as small as the server needs to render pages: the root page (whose stylesheet holds the
 * shell's styles, as root-config bundles the shell), the shell's and the blog's server entries (shaped like
 * core's createServerEntry) and the blog's styles. The shell writes its header (with
 * the site's name and the number of services it was given) and a 404 part on unknown paths; the blog writes
 * the post it was given, or the titles of the list it was given.
 */
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Agency</title>
    <meta name="description" content="Default description." />
    <!--app-meta-->
    <script type="module" crossorigin src="/assets/start-1.js" data-entry="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/index-1.js">
    <link rel="modulepreload" crossorigin href="/assets/react-dom-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="site-header"></div>
    <main id="main-content" tabindex="-1">
      <div id="single-spa-application:@agency/mf-marketing"></div>
      <div id="single-spa-application:@agency/mf-blog"></div>
      <div id="not-found"></div>
    </main>
    <div id="site-footer"></div>
    <div id="render-count"></div>
    <noscript>This site needs JavaScript.</noscript>
  </body>
</html>
`;

/**
 * Server entries shaped like core's createServerEntry: the shell writes its header (with the site's name and
 * the number of services it was given) and a 404 part on unknown paths; the blog writes the post it was given.
 */
export const SHELL_ENTRY = `
let renders = 0;
export async function render(request) {
  renders += 1;
  const services = request.reads['/api/services?language=' + request.language];
  const count = services && services.status === 200 ? services.body.data.data.length : -1;
  const known = request.url.startsWith('/blog');
  return {
    parts: {
      'site-header': '<header class="site-header">' + request.resources.shell.menu + ' ' + count + '</header>',
      'not-found': known ? '' : '<h1>Not found</h1>',
      'site-footer': '<footer>' + request.language + '</footer>',
      'render-count': '<i>' + renders + '</i>',
    },
    head: known ? {} : { title: 'Page not found' },
    missing: [], errors: [], hints: '',
  };
}
`;
export const BLOG_ENTRY = (version: string) => `
export async function render(request) {
  const key = Object.keys(request.reads).find((k) => k.startsWith('/api/posts/'));
  const read = key ? request.reads[key] : undefined;
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (!read) {
    const listKey = Object.keys(request.reads).find((k) => k.startsWith('/api/posts?'));
    const list = listKey ? request.reads[listKey] : undefined;
    const titles = list && list.status === 200 ? list.body.data.data.map((p) => esc(p.title)).join('|') : '';
    return { parts: { 'single-spa-application:@agency/mf-blog': '<p>list ${version}</p><ul>' + titles + '</ul>' }, head: {}, missing: [], errors: [], hints: '' };
  }
  if (read.status !== 200) return { parts: { 'single-spa-application:@agency/mf-blog': '<p>No such post</p>' }, head: {}, missing: [], errors: [], hints: '' };
  return {
    parts: { 'single-spa-application:@agency/mf-blog': '<article><h1>' + esc(read.body.title) + '</h1><div>' + request.sanitizeHtml(read.body.content) + '</div><p>${version}</p></article>' },
    head: { title: read.body.seo_title, description: read.body.seo_description },
    missing: [], errors: [], hints: '<link rel="preload" as="image" href="/storage/poster_images/x.webp">',
  };
}
`;

export const ROOT_CSS = 'body{margin:0}.site-header{color:navy}';
/** The article's rule and a toast's, which no page shows before a script does. */
export const BLOG_CSS = 'article{max-width:48rem}.toast{position:fixed}';
export const BLOG_CRITICAL_CSS = 'article{max-width:48rem}';
export const cspSource = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

export async function write(root: string, file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

const manifest = (dir: string) =>
  JSON.stringify({
    metaData: { publicPath: '/mf/', remoteEntry: { name: `${dir}/remoteEntry.js` } },
    exposes: [
      {
        assets: {
          css: { sync: [`assets/${dir}-1.css`], async: [`assets/${dir}-2.css`, `assets/${dir}-3.css`] },
          js: { sync: [`assets/${dir}-1.js`] },
        },
      },
    ],
  });

/** A temporary folder holding that build. */
export async function makeRenderingWebRoot(prefix = 'web-render'): Promise<string> {
  const webRoot = await makeTempDir(prefix);
  const files: Record<string, string> = {
    'root-config/dist/index.html': INDEX_HTML,
    'root-config/dist/mf-registry.json': JSON.stringify({
      mf_marketing: 'https://cdn.example/mf-marketing/',
      mf_blog: '/mf/mf-blog/',
      mf_admin: '/mf/mf-admin/',
    }),
    'root-config/dist/assets/index-1.css': ROOT_CSS,
    'mf-blog/dist/assets/mf-blog-1.css': BLOG_CSS,
    // Text that would end a <style> element: linked, never inlined.
    'mf-blog/dist/assets/mf-blog-2.css': 'a::after{content:"</style><script>alert(4)</script>"}',
    // (mf-blog-3.css is not there: linked, as before.)
    'mf-shell/dist/server/entry.js': SHELL_ENTRY,
    'mf-blog/dist/server/entry.js': BLOG_ENTRY('v1'),
    'mf-blog/dist/mf-blog/mf-manifest.json': manifest('mf-blog'),
    'mf-shell/dist/locales/en/common.json': '{}',
    'mf-shell/dist/locales/en/shell.json': '{"menu":"Menu"}',
    'mf-shell/dist/locales/ar/common.json': '{}',
    'mf-shell/dist/locales/ar/shell.json': '{"menu":"القائمة"}',
    'mf-blog/dist/locales/en/blog.json': '{}',
    'mf-blog/dist/locales/ar/blog.json': '{}',
  };
  for (const [file, content] of Object.entries(files)) await write(webRoot, file, content);
  return webRoot;
}

/** The page's data block, parsed. */
export function pageDataOf(html: string) {
  const match = html.match(/<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s);
  if (!match?.[1]) return null;
  return JSON.parse(match[1]) as {
    url: string;
    language: string;
    reads: Record<string, { status: number; body: unknown }>;
    resources: Record<string, unknown>;
  };
}
