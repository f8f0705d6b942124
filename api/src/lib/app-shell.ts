import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { injectAppMeta } from './html';

export interface AppShellPage {
  html: string;
  etag: string;
}

export interface AppShell {
  /** The page with the server's tags in it, or null when index.html is not there (front-end not built). */
  load(): Promise<AppShellPage | null>;
}

/**
 * root-config's index.html with the meta tags injected, kept in memory and read again whenever the file's
 * modification time or size changes: a deploy replaces the build under a running server, and the page must
 * then name the new content-hashed files.
 */
export function createAppShell(indexPath: string, meta: string, onMissingMarker: () => void): AppShell {
  let cached: { mtimeMs: number; size: number; page: AppShellPage } | null = null;

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
      const { html, marker } = injectAppMeta(source, meta);
      if (!marker) onMissingMarker();
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      cached = { mtimeMs: info.mtimeMs, size: info.size, page: { html, etag } };
      return cached.page;
    },
  };
}
