import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ownBuffer } from './read-cache';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A page kept in memory around the one place that differs per visitor (the CSRF token), as text and as
 * deflate, so that each answer is put together without compressing anything: see `gzipPage`.
 */
export interface PageBody {
  /** The page before and after the visitor's slot, as UTF-8. */
  before: Buffer;
  after: Buffer;
  /**
   * The same two halves compressed on their own as raw deflate: `before` ends on a full flush (byte-aligned,
   * not final, no back-references across it), `after` is a complete, final stream of its own.
   */
  deflatedBefore: Buffer;
  deflatedAfter: Buffer;
  /** CRC-32 of `before` and of `after`, and the operator that shifts a CRC past `after`'s length. */
  crcBefore: number;
  crcAfter: number;
  crcShift: number;
  /** What keeping it costs, in bytes. */
  bytes: number;
}

/** A rendered page as kept: its body, and the ETag of the page without any visitor's part. */
export interface KeptPage {
  body: PageBody;
  etag: string;
  /** The CSP sources of its inline stylesheets (lib/inline-styles.ts). */
  styleHashes: string[];
}

/**
 * What a kept page's objects cost beyond the bytes counted one by one: the page, its body and its four buffers'
 * headers (a buffer costs about 100 bytes besides its bytes), the strings' headers, the store's entry. Generous, so
 * that the cap bounds what the pages really take.
 */
const KEPT_PAGE_OVERHEAD = 1024;

/**
 * What keeping a page costs, in bytes, for the cap (READ_CACHE_BYTES): its text and its compressed halves, its
 * ETag and CSP sources (two bytes a character, as a string may take), and its objects. The store adds its key.
 */
export function keptPageBytes(page: KeptPage): number {
  const strings = page.etag.length + page.styleHashes.reduce((sum, hash) => sum + hash.length, 0);
  return page.body.bytes + 2 * strings + 16 * page.styleHashes.length + KEPT_PAGE_OVERHEAD;
}

/** Splits the page at its first `slot` (none: the visitor's part goes at the end) and compresses both halves. */
export async function makePageBody(html: string, slot: string): Promise<PageBody> {
  const at = html.indexOf(slot);
  const before = ownBuffer(Buffer.from(at === -1 ? html : html.slice(0, at), 'utf8'));
  const after = ownBuffer(Buffer.from(at === -1 ? '' : html.slice(at + slot.length), 'utf8'));
  const [deflatedBefore, deflatedAfter] = (
    await Promise.all([
      deflateRaw(before, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH }),
      deflateRaw(after, { level: 9 }),
    ])
  ).map(ownBuffer) as [Buffer, Buffer];
  return {
    before,
    after,
    deflatedBefore,
    deflatedAfter,
    crcBefore: zlib.crc32(before),
    crcAfter: zlib.crc32(after),
    crcShift: crc32ShiftOperator(after.length),
    bytes: before.length + after.length + deflatedBefore.length + deflatedAfter.length,
  };
}

/** The page as text with the visitor's part in its slot. */
export function plainPage(body: PageBody, visitorPart: string): Buffer {
  return Buffer.concat([body.before, Buffer.from(visitorPart, 'utf8'), body.after]);
}

/** gzip's header: deflate, no flags, no time, no extra flags, OS unknown (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** One stored (uncompressed) deflate block holds at most this many bytes. */
const MAX_STORED_BLOCK = 0xffff;

/**
 * The page as gzip with the visitor's part in its slot, put together from the kept deflate halves: the part
 * goes in as stored (uncompressed) blocks between them, which is valid deflate because `before` ends on a
 * byte boundary and a fresh stream's blocks may follow stored ones. The CRC of the whole is combined from
 * the kept CRCs, so no byte of the page is read again. Browsers and every gzip decoder read it as one stream.
 */
export function gzipPage(body: PageBody, visitorPart: string): Buffer {
  const part = Buffer.from(visitorPart, 'utf8');
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < part.length; offset += MAX_STORED_BLOCK) {
    const chunk = part.subarray(offset, offset + MAX_STORED_BLOCK);
    // BFINAL=0, BTYPE=00 (stored), padded to the byte; then LEN and its one's complement, little-endian.
    const header = Buffer.from([
      0,
      chunk.length & 0xff,
      chunk.length >>> 8,
      ~chunk.length & 0xff,
      (~chunk.length >>> 8) & 0xff,
    ]);
    blocks.push(header, chunk);
  }
  const crcWithPart = part.length > 0 ? zlib.crc32(part, body.crcBefore) : body.crcBefore;
  const crc = (multiplyModP(body.crcShift, crcWithPart) ^ body.crcAfter) >>> 0;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((body.before.length + part.length + body.after.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, body.deflatedBefore, ...blocks, body.deflatedAfter, trailer]);
}

// CRC-32 combination, after zlib's crc32_combine (crc32.c): a CRC is a polynomial over GF(2) in reflected
// form, and appending `n` bytes multiplies it by x^(8n) modulo the CRC's polynomial.
const POLY = 0xedb88320;

/** a * b modulo the CRC polynomial, both reflected. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if (a & m) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N: number[] = (() => {
  const table = [1 << 30];
  for (let k = 1; k < 32; k++) {
    const previous = table[k - 1] as number;
    table.push(multiplyModP(previous, previous));
  }
  return table;
})();

/** The operator that, multiplied into crc(A), gives what crc(A) contributes to crc(A + B) for `length` bytes of B. */
export function crc32ShiftOperator(length: number): number {
  let p = 0x80000000; // x^0
  let n = length;
  let k = 3; // x^(8n) = x^(n * 2^3)
  while (n > 0) {
    if (n % 2 === 1) p = multiplyModP(X2N[k & 31] as number, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p >>> 0;
}

/** crc32(A + B) from crc32(A), crc32(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(crc32ShiftOperator(lengthB), crcA) ^ crcB) >>> 0;
}
