/** One finished answer: the JSON (or text) as sent, its gzip and brotli bodies, and an ETag for each. */
export interface CachedAnswer {
  status: number;
  /** Its Content-Type when it is not JSON. */
  type?: string;
  identity: Buffer;
  /** Null where compressing did not make it smaller. */
  gzip: Buffer | null;
  br: Buffer | null;
  /** The strong ETag of the identity body; the compressed bodies carry it with a suffix. */
  etag: string;
  /** A 301's target, as the read names it (a post's current slug): the route makes the Location of it. */
  movedTo?: string;
}

interface Entry<A> {
  key: string;
  answer: A;
  tags: readonly string[];
  /** This process's clock, ms. */
  expiresAt: number;
  size: number;
}

/**
 * Taken before the database is read for a miss. If any of its tags is invalidated (or the cache cleared)
 * before the answer is stored, the answer may hold what the write replaced, so it is not stored.
 */
export interface Ticket {
  readonly tags: readonly string[];
  readonly versions: readonly number[];
  readonly epoch: number;
}

/**
 * What an entry costs beyond its bodies and key: the answer's object, its three buffers' headers, its ETag, its
 * tags, the store's bookkeeping. A generous, fixed estimate.
 */
const ENTRY_OVERHEAD = 1536;

/**
 * The bytes in a memory block of their own and of their exact size, to be kept. zlib gives a small result as a
 * view of its 16 KiB output block, and Node gives a small buffer a view of an 8 KiB block shared with others:
 * keeping the view keeps the whole block, so a 40-byte body would cost 16 KiB, unseen by the cap.
 */
export function ownBuffer(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** What a finished API answer costs: its three bodies. */
export function answerBytes(answer: CachedAnswer): number {
  return answer.identity.length + (answer.gzip?.length ?? 0) + (answer.br?.length ?? 0);
}

/**
 * A byte-bounded least-recently-used store of finished answers (the API's, by default; or pages, with their
 * own `bytesOf`), invalidated by tag. Entries also expire at a time of their own (a post dated in the future
 * appears then, without a write).
 */
export class AnswerStore<A = CachedAnswer> {
  readonly #entries = new Map<string, Entry<A>>();
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #tagVersions = new Map<string, number>();
  #epoch = 0;
  #bytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
    private readonly bytesOf: (answer: A) => number = answerBytes as unknown as (answer: A) => number,
  ) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The stored answer for `key`, marked as the most recently used; undefined when absent or expired. */
  get(key: string): A | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#remove(entry);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.answer;
  }

  begin(tags: readonly string[]): Ticket {
    return { tags, versions: tags.map((tag) => this.#tagVersions.get(tag) ?? 0), epoch: this.#epoch };
  }

  /** Whether nothing the ticket depends on has been invalidated since it was taken. */
  valid(ticket: Ticket): boolean {
    return (
      ticket.epoch === this.#epoch &&
      ticket.tags.every((tag, i) => (this.#tagVersions.get(tag) ?? 0) === ticket.versions[i])
    );
  }

  /** Stores the answer unless the ticket went stale, it expires at once, or it alone exceeds the cap. */
  set(ticket: Ticket, key: string, answer: A, expiresAt = Number.POSITIVE_INFINITY): boolean {
    if (!this.valid(ticket) || expiresAt <= this.now()) return false;
    // A key is counted at two bytes a character, as a string may take; it is stored once (the tags' sets hold the
    // same string).
    const size = this.bytesOf(answer) + 2 * key.length + ENTRY_OVERHEAD;
    if (size > this.maxBytes) return false;
    const previous = this.#entries.get(key);
    if (previous) this.#remove(previous);
    const entry: Entry<A> = { key, answer, tags: ticket.tags, expiresAt, size };
    this.#entries.set(key, entry);
    this.#bytes += size;
    for (const tag of entry.tags) {
      const keys = this.#keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.#keysByTag.set(tag, keys);
    }
    // Map iteration follows insertion order and a hit re-inserts its entry: the first is the least recent.
    for (const oldest of this.#entries.values()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldest);
    }
    return true;
  }

  /** Drops every answer carrying one of the tags, and makes tickets that depend on them stale. */
  invalidate(tags: Iterable<string>): void {
    for (const tag of tags) {
      this.#tagVersions.set(tag, (this.#tagVersions.get(tag) ?? 0) + 1);
      const keys = this.#keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        const entry = this.#entries.get(key);
        if (entry) this.#remove(entry);
      }
    }
  }

  /** Drops everything, and makes every ticket taken before stale. */
  clear(): void {
    this.#epoch++;
    this.#entries.clear();
    this.#keysByTag.clear();
    // Versions only matter against tickets, and the new epoch already makes every older ticket stale.
    this.#tagVersions.clear();
    this.#bytes = 0;
  }

  #remove(entry: Entry<A>): void {
    if (this.#entries.get(entry.key) !== entry) return;
    this.#entries.delete(entry.key);
    this.#bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(entry.key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Whether this Accept-Encoding takes the encoding: `q=0` refuses it, and `*` stands for any encoding not
 * named.
 */
export function acceptsEncoding(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  let named: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name !== encoding && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const value = Number.isFinite(weight) ? weight : 0;
    if (name === encoding) named = value;
    else any = value;
  }
  return (named ?? any ?? 0) > 0;
}

/** The best body this client accepts, from its Accept-Encoding: brotli, then gzip, then none. */
export function pickEncoding(header: string | undefined, answer: CachedAnswer): Encoding {
  if (answer.br && acceptsEncoding(header, 'br')) return 'br';
  if (answer.gzip && acceptsEncoding(header, 'gzip')) return 'gzip';
  return 'identity';
}

/** The ETag of one encoding of an answer: the bodies differ, so their strong validators must too. */
export function etagFor(answer: CachedAnswer, encoding: Encoding): string {
  return encoding === 'identity' ? answer.etag : `${answer.etag.slice(0, -1)}-${encoding}"`;
}

/** Whether If-None-Match names any encoding of this answer (or `*`): the client's copy is current. */
export function notModified(header: string | undefined, answer: CachedAnswer): boolean {
  if (!header) return false;
  const current = new Set((['identity', 'gzip', 'br'] as const).map((encoding) => etagFor(answer, encoding)));
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || current.has(tag.startsWith('W/') ? tag.slice(2) : tag);
  });
}
