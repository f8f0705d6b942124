import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb } from '../db/client';
import {
  type Answer,
  API_KEY,
  call,
  contactForm,
  EDITOR,
  nextAddress,
  postForm,
  type Tally,
  Visitor,
} from './harness';

/**
 * What the simulated visitors and editors were told was saved. An acknowledged write (a 2xx) must be found
 * later; a write whose answer never came (the server was killed) may or may not have happened, so its
 * title is accepted as well as the last acknowledged one.
 */
export class Ledger {
  /** slug -> the last title acknowledged (null until the create is), and the titles sent since. */
  readonly posts = new Map<string, { acked: string | null; unsure: string[] }>();
  readonly contactAcked = new Set<string>();
  readonly contactUnsure = new Set<string>();

  /** Slugs whose creation was acknowledged: the public may read them. */
  ackedSlugs(): string[] {
    return [...this.posts].filter(([, p]) => p.acked !== null).map(([slug]) => slug);
  }
}

export interface WorkloadOptions {
  base: string;
  /** Names the posts and messages of this run. */
  run: string;
  readers: number;
  contacts: number;
  editors: number;
  tally: Tally;
  ledger: Ledger;
  /** Slugs that exist before the run (the seeded posts), for post reads. */
  knownSlugs: string[];
  /** When to stop: checked before each step. */
  stop: () => boolean;
  /** Stop a client at its first answer that is not HTTP (the crash test kills the server). */
  stopOnConnectionError?: boolean;
}

const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/**
 * The mixed traffic of the load and crash tests, as concurrent closed loops (each client sends its next
 * request when the last one is answered):
 * - readers: the blog list (English pages 1 and 2, Arabic) and single posts, the seeded ones and those
 *   written during the run (an acknowledged post must be readable at once);
 * - contact visitors: each message from a new visitor (own address, own CSRF cookie and token), over the
 *   client's one keep-alive connection, as a reverse proxy would forward them;
 * - editors: each signed in with its own session, creating posts and renaming each one twice.
 */
export async function runWorkload(options: WorkloadOptions): Promise<void> {
  const { base, run, tally, ledger, stop } = options;
  const visitors: Visitor[] = [];
  const open = (address: string) => {
    const visitor = new Visitor(base, address);
    visitors.push(visitor);
    return visitor;
  };
  let broken = false;
  const done = () => stop() || broken;
  const record = (kind: string, answer: Answer): Answer => {
    tally.add(kind, answer);
    if (answer.status === 0 && options.stopOnConnectionError) broken = true;
    return answer;
  };

  const reader = async (i: number) => {
    const visitor = open(nextAddress());
    for (let n = 0; !done(); n++) {
      const pick = (i + n) % 5;
      if (pick === 0) record('list en', await visitor.request('GET', '/api/posts?language=en&per_page=9'));
      else if (pick === 1)
        record('list en p2', await visitor.request('GET', '/api/posts?language=en&per_page=9&page=2'));
      else if (pick === 2)
        record('list ar', await visitor.request('GET', '/api/posts?language=ar&per_page=9'));
      else {
        const written = ledger.ackedSlugs();
        const pool = pick === 3 || written.length === 0 ? options.knownSlugs : written;
        const slug = pool[(i * 7919 + n) % pool.length] ?? 'missing';
        record('post read', await visitor.request('GET', `/api/posts/${slug}`));
      }
    }
  };

  const contact = async (i: number) => {
    const visitor = open(nextAddress());
    for (let n = 0; !done(); n++) {
      // A new visitor: new address, no cookies, a token of its own.
      visitor.address = nextAddress();
      visitor.cookies.clear();
      visitor.csrf = '';
      const csrf = record('csrf', await visitor.fetchCsrf());
      if (!isOk(csrf)) continue;
      const marker = `${run}-c${i}-${n}`;
      ledger.contactUnsure.add(marker);
      const answer = record(
        'contact',
        await visitor.request('POST', '/api/contact', { json: contactForm(marker) }),
      );
      if (isOk(answer)) {
        ledger.contactUnsure.delete(marker);
        ledger.contactAcked.add(marker);
      }
    }
  };

  const editor = async (i: number) => {
    const visitor = open(nextAddress());
    if (!isOk(record('csrf', await visitor.fetchCsrf()))) return;
    const signIn = record('sign-in', await visitor.request('POST', '/api/auth/login', { json: EDITOR }));
    if (!isOk(signIn)) return;
    visitor.csrf = (signIn.body as { csrf_token: string }).csrf_token;
    for (let n = 0; !done(); n++) {
      const slug = `${run}-e${i}-${n}`;
      const entry = { acked: null as string | null, unsure: [] as string[] };
      ledger.posts.set(slug, entry);
      let title = `Load ${run} editor ${i} post ${n}`;
      entry.unsure.push(title);
      const created = record(
        'post create',
        await visitor.request('POST', '/api/posts', { form: postForm(slug, title) }),
      );
      if (!isOk(created)) continue;
      entry.acked = title;
      entry.unsure = [];
      let version = (created.body as { data: { updated_at: string } }).data.updated_at;
      for (let edit = 1; edit <= 2 && !done(); edit++) {
        title = `Load ${run} editor ${i} post ${n} edit ${edit}`;
        entry.unsure.push(title);
        const updated = record(
          'post update',
          await visitor.request('PUT', `/api/posts/${slug}`, { form: postForm(slug, title, version) }),
        );
        if (!isOk(updated)) break;
        entry.acked = title;
        entry.unsure = [];
        version = (updated.body as { data: { updated_at: string } }).data.updated_at;
      }
    }
  };

  try {
    await Promise.all([
      ...Array.from({ length: options.readers }, (_, i) => reader(i)),
      ...Array.from({ length: options.contacts }, (_, i) => contact(i)),
      ...Array.from({ length: options.editors }, (_, i) => editor(i)),
    ]);
  } finally {
    for (const visitor of visitors) visitor.close();
  }
}

/** The slugs of the posts the public sees on the first page of each language (the seeded ones). */
export async function publicSlugs(base: string): Promise<string[]> {
  const visitor = new Visitor(base, nextAddress());
  try {
    const slugs: string[] = [];
    for (const language of ['en', 'ar']) {
      const res = await visitor.request('GET', `/api/posts?language=${language}&per_page=9`);
      if (res.status !== 200) throw new Error(`list answered ${res.status}: ${res.text}`);
      slugs.push(...(res.body as { data: { data: { slug: string }[] } }).data.data.map((p) => p.slug));
    }
    return slugs;
  } finally {
    visitor.close();
  }
}

/**
 * Reads every acknowledged post through the public API, as a visitor would, and lists what is wrong: a post
 * missing, or a title that is neither the last acknowledged one nor one sent after it without an answer.
 */
export async function checkPosts(
  base: string,
  ledger: Ledger,
): Promise<{ checked: number; problems: string[] }> {
  const slugs = ledger.ackedSlugs();
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < slugs.length) {
      const slug = slugs[next++] as string;
      const entry = ledger.posts.get(slug);
      const res = await call(base, { path: `/api/posts/${slug}`, headers: { 'x-api-key': API_KEY } });
      const title = (res.body as { title?: string } | null)?.title;
      const allowed = [entry?.acked, ...(entry?.unsure ?? [])];
      if (res.status !== 200) problems.push(`${slug}: ${res.status || res.error} ${res.text.slice(0, 100)}`);
      else if (!allowed.includes(title))
        problems.push(`${slug}: title ${JSON.stringify(title)}, expected ${JSON.stringify(allowed)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { checked: slugs.length, problems };
}

/**
 * Rows of a query on the site's database: PostgreSQL at its URL, or the PGlite folder (only once the server
 * that owns it has stopped).
 */
export async function readStore<Row>(
  target: { databaseUrl: string } | { dataDir: string },
  query: string,
): Promise<Row[]> {
  if ('databaseUrl' in target) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query)).rows as Row[];
    } finally {
      await client.end();
    }
  }
  const handle = await createDb({ kind: 'pglite', dataDir: path.join(target.dataDir, 'pglite') });
  try {
    const result = await handle.db.execute(sql.raw(query));
    return (result as unknown as { rows: Row[] }).rows;
  } finally {
    await handle.close();
  }
}

/** The contact messages in the database. No API reads them yet, so the test looks in the database itself. */
export async function storedContactMessages(
  target: { databaseUrl: string } | { dataDir: string },
): Promise<Set<string>> {
  const rows = await readStore<{ message: string }>(target, 'SELECT message FROM contact_messages');
  return new Set(rows.map((r) => r.message));
}

/** Acknowledged contact messages that are not in `stored`. */
export function missingMessages(ledger: Ledger, stored: Set<string>): string[] {
  const texts = new Set([...stored]);
  return [...ledger.contactAcked].filter((marker) => !texts.has(contactForm(marker).message));
}
