import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { LANGUAGES, type Language } from '@agency/core/language';
import { injectAppMeta, localizePage } from './html';

export interface AppShellPage {
  html: string;
  etag: string;
}

/** The page in each language (`<html lang dir>`, the body class, that language's preloads). */
export type AppShellPages = Readonly<Record<Language, AppShellPage>>;

export interface AppShell {
  /** The page with the server's tags in it, or null when index.html is not there (front-end not built). */
  load(): Promise<AppShellPages | null>;
}

/**
 * root-config's index.html with the meta tags injected, one variant per language, kept in memory and read
 * again whenever the file's modification time or size changes: a deploy replaces the build under a running
 * server, and the page must then name the new content-hashed files.
 */
export function createAppShell(indexPath: string, meta: string, onMissingMarker: () => void): AppShell {
  let cached: { mtimeMs: number; size: number; page: AppShellPages } | null = null;

  return {
    async load() {
      let info: Stats;
      try {
        info = await stat(indexPath);
      } catch {
        cached = null;
        return null;
      }
      if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.page;

      const source = await readFile(indexPath, 'utf8');
      // Localized before the tags go in, so nothing in the injected values can be taken for a tag to change.
      let missingMarker = false;
      const variant = (lang: Language): [Language, AppShellPage] => {
        const { html, marker } = injectAppMeta(localizePage(source, lang), meta);
        missingMarker ||= !marker;
        const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
        return [lang, { html, etag }];
      };
      const page = Object.fromEntries(LANGUAGES.map(variant)) as Record<Language, AppShellPage>;
      if (missingMarker) onMissingMarker();
      cached = { mtimeMs: info.mtimeMs, size: info.size, page };
      return cached.page;
    },
  };
}
