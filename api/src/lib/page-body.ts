import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ownBuffer } from './read-cache';

const gzip = promisify(zlib.gzip);

/**
 * A public page kept in memory as it is sent: the same bytes for every visitor of its address (nothing in it is
 * per visitor: the CSRF token is fetched by the forms that need it), as text and as gzip made once.
 */
export interface PageBody {
  plain: Buffer;
  gzip: Buffer;
  /** What keeping it costs, in bytes. */
  bytes: number;
}

/** A rendered page as kept: its body, its ETag and the CSP sources of its inline stylesheets. */
export interface KeptPage {
  body: PageBody;
  etag: string;
  /** The CSP sources of its inline stylesheets (lib/inline-styles.ts). */
  styleHashes: string[];
}

/**
 * What a kept page's objects cost beyond the bytes counted one by one: the page, its body and its buffers'
 * headers (a buffer costs about 100 bytes besides its bytes), the strings' headers, the store's entry. Generous,
 * so that the cap bounds what the pages really take.
 */
const KEPT_PAGE_OVERHEAD = 1024;

/**
 * What keeping a page costs, in bytes, for the cap (READ_CACHE_BYTES): its text and its gzip, its ETag and CSP
 * sources (two bytes a character, as a string may take), and its objects. The store adds its key.
 */
export function keptPageBytes(page: KeptPage): number {
  const strings = page.etag.length + page.styleHashes.reduce((sum, hash) => sum + hash.length, 0);
  return page.body.bytes + 2 * strings + 16 * page.styleHashes.length + KEPT_PAGE_OVERHEAD;
}

/** The page as UTF-8 and as gzip (level 9: made once, sent many times). */
export async function makePageBody(html: string): Promise<PageBody> {
  const plain = ownBuffer(Buffer.from(html, 'utf8'));
  const compressed = ownBuffer(await gzip(plain, { level: 9 }));
  return { plain, gzip: compressed, bytes: plain.length + compressed.length };
}
