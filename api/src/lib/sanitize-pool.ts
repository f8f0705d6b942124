import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { type SanitizedContent, sanitizePostContent } from './sanitize';

/**
 * Content up to this many characters is cleaned on the main thread: a few milliseconds, less than handing it
 * to a thread (and starting one). Longer content goes to the pool.
 */
export const INLINE_CONTENT_CHARS = 16 * 1024;

export interface ContentSanitizerOptions {
  inlineChars?: number;
  /** Threads at most; none is kept while there is no work. */
  maxThreads?: number;
  /** How long an idle thread stays for the next save before it ends. */
  idleTimeoutMs?: number;
}

export interface ContentSanitizer {
  /** sanitizePostContent, on a worker thread for long content: the main thread keeps answering meanwhile. */
  sanitize(html: string): Promise<SanitizedContent>;
  /** How many contents went to the pool so far. */
  readonly pooled: number;
  /** Ends the threads; content sent afterwards is refused. */
  close(): Promise<void>;
}

/**
 * The worker's file beside this module: the production build runs dist/sanitize-worker.js (an entry point of
 * api/build.mjs, next to dist/server.js); tsx and vitest run the TypeScript source, which the thread loads
 * through tsx unless the process already does (node --import tsx, tsx watch).
 */
function workerOptions(): { filename: string; execArgv?: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(
    new URL(fromSource ? './sanitize-worker.ts' : './sanitize-worker.js', import.meta.url),
  );
  if (!fromSource || process.execArgv.some((arg) => /(^|[/\\])tsx([/\\]|$)/.test(arg))) return { filename };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: [...process.execArgv, '--import', tsx] };
}

/**
 * Cleans post content off the main thread. Sanitizing takes time in proportion to the content (1 MB: up to a
 * second on a busy core); on the main thread every reader waited that long. One thread by default, started by
 * the first long content and ended after a minute without any, so an idle server holds none.
 */
export function createContentSanitizer({
  inlineChars = INLINE_CONTENT_CHARS,
  maxThreads = 1,
  idleTimeoutMs = 60_000,
}: ContentSanitizerOptions = {}): ContentSanitizer {
  let pool: Piscina<string, SanitizedContent> | null = null;
  let pooled = 0;
  let closed = false;
  return {
    async sanitize(html) {
      if (html.length <= inlineChars) return sanitizePostContent(html);
      if (closed) throw new Error('The content sanitizer is closed');
      pool ??= new Piscina<string, SanitizedContent>({
        ...workerOptions(),
        minThreads: 0,
        maxThreads,
        idleTimeout: idleTimeoutMs,
      });
      pooled += 1;
      return pool.run(html);
    },
    get pooled() {
      return pooled;
    },
    async close() {
      closed = true;
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
