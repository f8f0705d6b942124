import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { portfolioCategory, portfolioPage } from '@agency/core/content';
import { isLanguage, type Language } from '@agency/core/language';
import { readKey } from '@agency/core/page-data';
import { PAGE_READS, type PageRequest, SHELL_READS } from '@agency/core/page-reads';
import type { RouteDef } from '@agency/core/routes';
import { searchQueryProblem, slugProblem } from '@agency/core/rules';
import type { PublicSettings } from '@agency/core/settings';
import type { SiteConfig } from '@agency/core/types';
import type { FastifyInstance } from 'fastify';
import type { CachedRead } from '../plugins/read-cache';
import { siteConfigOf } from '../plugins/settings-repository';
import { LOCALE_NAMESPACE_OWNERS } from './front-end';
import type { Stylesheet } from './inline-styles';
import {
  faqRead,
  homeRead,
  POST_NOT_FOUND,
  PROJECT_NOT_FOUND,
  pastTheLastPage,
  portfolioRead,
  postListRead,
  postRead,
  pricingRead,
  projectRead,
  serviceRead,
  servicesRead,
  settingsRead,
} from './public-reads';
import { publicationClock } from './publication-clock';
import { safeRelativePath } from './safe-path';
import { createRenderSanitizer } from './sanitize';

/** An answer the page was rendered with, as JSON text (embedded as it is) and parsed (for the render). */
export interface PageRead {
  status: number;
  json: string;
  body: unknown;
  /** The answer is kept in memory, dropped by the writes that change it. */
  kept: boolean;
}

/** The text of the page a visitor gets when their page needs the database and it cannot be reached. */
export interface UnavailableText {
  title: string;
  text: string;
  retry: string;
}

/** What a micro-frontend's server entry (`dist/server/entry.js`, core's createServerEntry) renders. */
interface RenderRequest {
  url: string;
  language: Language;
  site: SiteConfig;
  reads: Record<string, { status: number; body: unknown }>;
  resources: Record<string, Record<string, unknown>>;
  sanitizeHtml(html: string): string;
}

interface RenderResult {
  parts: Record<string, string>;
  head: { title?: string; description?: string };
  missing: string[];
  errors: unknown[];
  hints: string;
}

interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** One micro-frontend as the server knows it: its build folder, its server entry, its stylesheets. */
interface LoadedRemote {
  entry: ServerEntry;
  /**
   * Stylesheets of its exposed module and of the chunks it loads later (its manifest), with their text: put
   * into the page's head so nothing paints unstyled and nothing waits for a stylesheet to download.
   */
  styles: Stylesheet[];
  /** Its remote entry and the scripts of its exposed module, for `modulepreload`. */
  scripts: string[];
}

/** The remotes' server-side names: the single-spa app, its Module Federation remote, its namespace. */
const RENDERED_APPS = {
  '@agency/mf-marketing': { remote: 'mf_marketing', ns: 'marketing' },
  '@agency/mf-blog': { remote: 'mf_blog', ns: 'blog' },
} as const;

type RenderedApp = keyof typeof RENDERED_APPS;

export function isRenderedApp(app: string): app is RenderedApp {
  return Object.hasOwn(RENDERED_APPS, app);
}

/**
 * The shell renders on every page. It is no remote: root-config bundles its browser code (its stylesheets are
 * root-config's, its scripts are root-config's page's), so the server finds only its server entry, in its own
 * build.
 */
const SHELL = { folder: 'mf-shell', ns: 'shell' } as const;

/** A file read again only when its modification time or size changed (a deploy replaced it). */
function fileCache<T>(
  read: (file: string, info: Stats) => Promise<T>,
  seen?: (file: string, info: Stats) => void,
) {
  const kept = new Map<string, { mtimeMs: number; size: number; value: Promise<T> }>();
  return async (file: string): Promise<T> => {
    const info = await stat(file);
    seen?.(file, info);
    const hit = kept.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.value;
    const value = read(file, info);
    kept.set(file, { mtimeMs: info.mtimeMs, size: info.size, value });
    value.catch(() => {
      if (kept.get(file)?.value === value) kept.delete(file);
    });
    return value;
  };
}

/** A build that is not there (not built, or built without its server entry) renders in the browser. */
function orNullWhenMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return null;
  throw error;
}

const parseJsonFile = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as unknown;

/**
 * A server entry, imported again when its file changes: the URL carries the file's time, so a remote rebuilt
 * and redeployed alone is picked up without a restart (its chunks are content-hashed, so they never clash).
 */
async function importServerEntry(file: string, info: Stats): Promise<ServerEntry> {
  const module = (await import(
    `${pathToFileURL(file).href}?v=${info.mtimeMs}-${info.size}`
  )) as Partial<ServerEntry>;
  if (typeof module.render !== 'function') throw new Error(`${file} exports no render()`);
  return module as ServerEntry;
}

/** How often the files renders used are looked at again, to see whether a deploy replaced them. */
const BUILD_CHECK_MS = 1000;

/**
 * Counts deploys: the version goes up when a file a render used (root-config's page, the registry, a server
 * entry, a manifest, a translation file) has changed or gone. A timer looks at the files every
 * BUILD_CHECK_MS, so a page kept in memory is dropped within about a second of a deploy, and asking for the
 * version costs nothing.
 */
function buildWatcher(files: readonly string[]) {
  const seen = new Map<string, string>();
  let version = 0;
  let timer: NodeJS.Timeout | null = null;
  const signature = (info: Stats | null) => (info ? `${info.mtimeMs}-${info.size}` : 'gone');
  const note = (file: string, info: Stats | null) => {
    const now = signature(info);
    const before = seen.get(file);
    if (before !== undefined && before !== now) version++;
    seen.set(file, now);
  };
  async function check() {
    const names = [...seen.keys()];
    const infos = await Promise.all(names.map((file) => stat(file).catch(() => null)));
    names.forEach((file, i) => {
      note(file, infos[i] ?? null);
    });
  }
  return {
    note,
    version: () => version,
    /** Starts looking (the first files are taken as they are now). */
    start() {
      if (timer) return;
      void Promise.all(files.map(async (file) => note(file, await stat(file).catch(() => null))));
      let running = false;
      timer = setInterval(() => {
        if (running) return;
        running = true;
        check().finally(() => {
          running = false;
        });
      }, BUILD_CHECK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string } };
  exposes?: { assets?: { css?: { sync?: string[]; async?: string[] }; js?: { sync?: string[] } } }[];
}

/**
 * The page-rendering half of the server: finds each micro-frontend through the registry the browser uses
 * (root-config's mf-registry.json: `/mf/<folder>/` is the build in `<webRoot>/<folder>/dist`), loads its server
 * entry, and answers the route's declared reads in process, through the same cached reads as the API.
 */
export function createPageRenderer(app: FastifyInstance, options: { webRoot: string; site: SiteConfig }) {
  const webRoot = path.resolve(options.webRoot);
  const nextPublication = publicationClock(app);
  const watcher = buildWatcher([path.join(webRoot, 'root-config', 'dist', 'index.html')]);
  const readJson = fileCache(parseJsonFile, watcher.note);
  const readText = fileCache((file) => readFile(file, 'utf8'), watcher.note);
  // Post content, cleaned as on write; remembered, since a page not kept is rendered for every request.
  const sanitizeHtml = createRenderSanitizer();

  /** A stylesheet of a build with its text, or without it when the file cannot be read (it is linked then). */
  async function stylesheet(href: string, file: string): Promise<Stylesheet> {
    return { href, css: await readText(file).catch(() => null) };
  }
  const importEntry = fileCache(importServerEntry, watcher.note);
  watcher.start();
  app.addHook('onClose', async () => watcher.stop());

  async function folderOf(remote: string): Promise<string | null> {
    const registry = await readJson(path.join(webRoot, 'root-config', 'dist', 'mf-registry.json'));
    const base = (registry as Record<string, unknown> | null)?.[remote];
    // Only a remote served from this site's /mf/ has its build here; one on another origin renders in the browser.
    const folder = typeof base === 'string' ? /^\/mf\/([a-z0-9][a-z0-9-]*)\/$/.exec(base)?.[1] : undefined;
    return folder ?? null;
  }

  async function loadShell(): Promise<LoadedRemote | null> {
    const file = path.join(webRoot, SHELL.folder, 'dist', 'server', 'entry.js');
    const entry = await importEntry(file).catch(orNullWhenMissing);
    return entry ? { entry, styles: [], scripts: [] } : null;
  }

  async function loadRemote(appName: RenderedApp): Promise<LoadedRemote | null> {
    const folder = await folderOf(RENDERED_APPS[appName].remote).catch(orNullWhenMissing);
    if (!folder) return null;
    const dist = path.join(webRoot, folder, 'dist');
    const loaded = await Promise.all([
      importEntry(path.join(dist, 'server', 'entry.js')),
      readJson(path.join(dist, folder, 'mf-manifest.json')) as Promise<Manifest>,
    ]).catch(orNullWhenMissing);
    if (!loaded) return null;
    const [entry, manifest] = loaded;
    const publicPath = manifest.metaData?.publicPath ?? '/mf/';
    const assets = manifest.exposes?.[0]?.assets;
    const remoteEntry = manifest.metaData?.remoteEntry?.name;
    // The stylesheets of the chunks it loads later too (a page's own, the home page's carousel): which of them
    // the page needs is known only to the browser's code, and they are small.
    const cssFiles = [...new Set([...(assets?.css?.sync ?? []), ...(assets?.css?.async ?? [])])];
    const styles = await Promise.all(
      cssFiles.flatMap((file) => {
        const inside = safeRelativePath(file);
        return inside ? [stylesheet(`${publicPath}${file}`, path.join(dist, inside))] : [];
      }),
    );
    return {
      entry,
      styles,
      scripts: [...(remoteEntry ? [remoteEntry] : []), ...(assets?.js?.sync ?? [])].map(
        (file) => `${publicPath}${file}`,
      ),
    };
  }

  async function translations(language: Language, namespaces: readonly string[]) {
    const resources: Record<string, Record<string, unknown>> = {};
    await Promise.all(
      namespaces.map(async (ns) => {
        const owner = Object.hasOwn(LOCALE_NAMESPACE_OWNERS, ns) ? LOCALE_NAMESPACE_OWNERS[ns] : undefined;
        if (!owner) return;
        const file = path.join(webRoot, owner, 'dist', 'locales', language, `${ns}.json`);
        resources[ns] = (await readJson(file)) as Record<string, unknown>;
      }),
    );
    return resources;
  }

  /**
   * The API's own cached read for one declared read URL (the public's view), a fixed answer where the API
   * answers without reading, or null for a URL the API has no public read for.
   */
  function readOf(url: string): CachedRead | PageRead | null {
    const parsed = new URL(url, 'http://site.invalid');
    const language = parsed.searchParams.get('language');
    if (!isLanguage(language)) return null;
    const segments = parsed.pathname.split('/').slice(1).map(decodeURIComponent);
    if (segments[0] !== 'api') return null;
    if (segments[1] === 'services' && segments.length === 2) return servicesRead(app, language);
    if (segments[1] === 'faq' && segments.length === 2) return faqRead(app, language);
    if (segments[1] === 'pricing' && segments.length === 2) return pricingRead(app, language);
    if (segments[1] === 'portfolio' && segments.length === 2) {
      // Only the spellings the page asks (core's portfolioListUrl): anything else is no read of the page's.
      const category = parsed.searchParams.get('category');
      const page = parsed.searchParams.get('page') ?? '1';
      if ((category !== null && portfolioCategory(category) === null) || String(portfolioPage(page)) !== page)
        return null;
      return portfolioRead(app, language, category, Number(page));
    }
    if (segments[1] === 'portfolio' && segments.length === 3) {
      const slug = segments[2] ?? '';
      if (slugProblem(slug)) return fixedAnswer(404, { message: PROJECT_NOT_FOUND });
      return projectRead(app, slug);
    }
    if (segments[1] === 'home' && segments.length === 2) return homeRead(app, language);
    if (segments[1] === 'services' && segments.length === 3)
      return serviceRead(app, segments[2] ?? '', language);
    if (segments[1] === 'posts' && segments.length === 3) {
      // As the API answers: a string no post could have as its slug is not looked up.
      const slug = segments[2] ?? '';
      if (slugProblem(slug)) return fixedAnswer(404, { message: POST_NOT_FOUND });
      return postRead(app, slug, 'public');
    }
    if (segments[1] === 'posts' && segments.length === 2) {
      const page = Number(parsed.searchParams.get('page') ?? 1);
      const perPage = Number(parsed.searchParams.get('per_page') ?? 10);
      if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(perPage) || perPage < 1)
        return null;
      // A search the API refuses is answered as the API answers it (422 with its key): the page says why.
      const q = parsed.searchParams.get('q') ?? undefined;
      const problem = q === undefined ? null : searchQueryProblem(q);
      if (problem) return fixedAnswer(422, { message: problem, errors: { q: [problem] } });
      return postListRead(app, { language, page, per_page: perPage, q }, 'public', nextPublication);
    }
    return null;
  }

  async function resolve(read: CachedRead | PageRead): Promise<PageRead> {
    if (!('load' in read)) return read;
    const { status, json, kept } = await app.readCache.json(read);
    return { status, json, body: JSON.parse(json) as unknown, kept };
  }

  function fixedAnswer(status: number, body: unknown): PageRead {
    return { status, json: JSON.stringify(body), body, kept: false };
  }

  return {
    /**
     * root-config's own stylesheets as its page links them (`/assets/...css`), with their text to put inline
     * instead of the links.
     */
    async rootStylesheets(template: string): Promise<(Stylesheet & { tag: string })[]> {
      const links = [
        ...template.matchAll(/<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/g),
      ];
      return Promise.all(
        links.map(async ([tag, href = '']) => {
          const inside = safeRelativePath(href.slice(1));
          const file = inside ? path.join(webRoot, 'root-config', 'dist', inside) : null;
          return { tag, ...(file ? await stylesheet(href, file) : { href, css: null }) };
        }),
      );
    },
    /**
     * The words of the page that says a page cannot be shown now (mf-shell's `unavailable`, in the visitor's
     * language), or null when the shell's translations are not built.
     */
    async unavailableText(language: Language): Promise<UnavailableText | null> {
      const resources = await translations(language, ['shell']).catch(() => null);
      const text = (resources?.shell as { unavailable?: Partial<UnavailableText> } | undefined)?.unavailable;
      return text?.title && text.text && text.retry ? (text as UnavailableText) : null;
    },
    /** The shell's translations (mf-shell's `shell` namespace) in `language`, or null when they are not built. */
    async shellText(language: Language): Promise<Record<string, unknown> | null> {
      const resources = await translations(language, ['shell']).catch(() => null);
      return (resources?.shell as Record<string, unknown> | undefined) ?? null;
    },
    /** The number of the deploy the files on disk are (see buildWatcher); cheap enough for every request. */
    buildVersion: () => watcher.version(),
    /**
     * Renders the shell and the route's micro-frontend for one page. Null when a part cannot be rendered here
     * (not built, on another origin): the page is then rendered in the browser, as before.
     */
    async render(
      input: {
        route: RouteDef | null;
        params: Record<string, string>;
        url: string;
        language: Language;
        /**
         * The answer of the route's own read (its subject: a post), given instead of read: a preview of a post
         * as written, never read from nor kept in the cache.
         */
        subject?: { status: number; body: unknown };
      },
      hooks: {
        /** Called with the tags of everything the page reads, before the first read. */
        beforeReads?(tags: readonly string[]): void;
      } = {},
    ) {
      const { route, url, language } = input;
      const apps: RenderedApp[] = [];
      if (route) {
        if (!isRenderedApp(route.app) || !PAGE_READS[route.name]) return null;
        apps.push(route.app);
      }
      const remotes = await Promise.all([loadShell(), ...apps.map(loadRemote)]);
      if (remotes.some((remote) => remote === null)) return null;

      const query = new URL(url, 'http://site.invalid').searchParams;
      const page: PageRequest = { params: input.params, query, language };
      const routeReads = (route ? (PAGE_READS[route.name]?.(page) ?? []) : []).map(readKey);
      const urls = [...new Set([...SHELL_READS(page).map(readKey), ...routeReads])];
      const { subject } = input;
      const planned = urls.flatMap((url) => {
        const read =
          subject && routeReads.includes(url) ? fixedAnswer(subject.status, subject.body) : readOf(url);
        return read ? [[url, read] as const] : [];
      });
      // Every page shows the site's settings (top bar, footer, JSON-LD), read through the cache like the API's.
      const settings = settingsRead(app, language);
      // What the page depends on is known before anything is read: a write from now on makes it stale.
      hooks.beforeReads?.([
        ...new Set([...settings.tags, ...planned.flatMap(([, read]) => ('tags' in read ? read.tags : []))]),
      ]);
      const [answered, settingsAnswer] = await Promise.all([
        Promise.all(planned.map(async ([url, read]) => [url, await resolve(read)] as const)),
        resolve(settings),
      ]);
      const reads: Record<string, PageRead> = Object.fromEntries(answered);
      const site = siteConfigOf(
        (settingsAnswer.body as { data: PublicSettings }).data,
        options.site.contactRetentionDays,
      );

      const namespaces = ['common', SHELL.ns, ...apps.map((name) => RENDERED_APPS[name].ns)];
      const resources = await translations(language, namespaces);
      const request: RenderRequest = {
        url,
        language,
        site,
        reads: Object.fromEntries(
          Object.entries(reads).map(([key, { status, body }]) => [key, { status, body }]),
        ),
        resources,
        sanitizeHtml,
      };
      const results = await Promise.all(
        (remotes as LoadedRemote[]).map((remote) => remote.entry.render(request)),
      );
      const parts: Record<string, string> = {};
      let head: RenderResult['head'] = {};
      const missing: string[] = [];
      const errors: unknown[] = [];
      let hints = '';
      for (const result of results) {
        Object.assign(parts, result.parts);
        // The route's own title wins over the shell's (which gives one only on the 404 page).
        head = { ...head, ...result.head };
        missing.push(...result.missing);
        errors.push(...result.errors);
        hints += result.hints;
      }
      return {
        // What the page is about (a post, a service, a page of the blog) does not exist for the public.
        subjectMissing: routeReads.some((key) => {
          const read = reads[key];
          return read?.status === 404 || (read?.status === 200 && pastTheLastPage(read.body));
        }),
        /** Every answer it was made from is kept in memory: the page may be kept too. */
        readsKept: settingsAnswer.kept && Object.values(reads).every((read) => read.kept),
        /** The site's details it was rendered with (the settings in its language). */
        site,
        parts,
        head,
        hints,
        missing,
        errors,
        reads,
        resources,
        styles: (remotes as LoadedRemote[]).flatMap((remote) => remote.styles),
        scripts: (remotes as LoadedRemote[]).flatMap((remote) => remote.scripts),
      };
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
export type RenderedPage = NonNullable<Awaited<ReturnType<PageRenderer['render']>>>;
