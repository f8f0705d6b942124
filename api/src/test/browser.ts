import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client';
import { createEditor } from '../lib/users';
import { TEST_API_KEY } from './app';

export const EDITOR = {
  email: 'editor@example.com',
  name: 'Edith Editor',
  password: 'correct-horse-battery',
};

/** Creates the test editor account once per database. */
export async function ensureEditor(db: Database): Promise<void> {
  await createEditor(db, EDITOR);
}

/**
 * A browser for `app.inject`: keeps cookies as a browser would (set, replaced, cleared), sends the API key,
 * and sends its CSRF token on writes like core's apiFetch.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(options: InjectOptions & { csrf?: string | null }): Promise<LightMyRequestResponse> {
    const method = String(options.method ?? 'GET').toUpperCase();
    const { csrf, ...rest } = options;
    const headers: Record<string, string> = { 'x-api-key': TEST_API_KEY };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const token = csrf === undefined ? this.csrf : csrf;
    if (method !== 'GET' && method !== 'HEAD' && token !== null && token !== '')
      headers['x-csrf-token'] = token;
    const res = await this.app.inject({
      remoteAddress: this.remoteAddress,
      ...rest,
      headers: { ...headers, ...(rest.headers as Record<string, string> | undefined) },
    });
    this.keep(res);
    return res;
  }

  private keep(res: LightMyRequestResponse): void {
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (gone || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** Fetches a CSRF token the way a page without the meta tag would. */
  async fetchCsrf(): Promise<string> {
    const res = await this.request({ url: '/api/csrf' });
    this.csrf = res.json<{ token: string }>().token;
    return this.csrf;
  }

  async signIn(email = EDITOR.email, password = EDITOR.password): Promise<LightMyRequestResponse> {
    if (!this.csrf) await this.fetchCsrf();
    const res = await this.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    // With two-step sign-in on, the answer holds no token yet: the second step gives it.
    const token = res.statusCode === 200 ? res.json<{ csrf_token?: string }>().csrf_token : undefined;
    if (token) this.csrf = token;
    return res;
  }
}

/** A browser with a signed-in editor session and its token. */
export async function signedIn(
  app: FastifyInstance,
  db: Database,
  remoteAddress?: string,
): Promise<TestBrowser> {
  await ensureEditor(db);
  const browser = new TestBrowser(app, remoteAddress);
  const res = await browser.signIn();
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return browser;
}

/** An author: the least role that writes posts (their own drafts only). */
export const AUTHOR = {
  email: 'ada@example.com',
  name: 'Ada Author',
  password: 'violet tram under 9 lanterns',
};

/** A browser with AUTHOR's session, the account made first. */
export async function signedInAuthor(
  app: FastifyInstance,
  db: Database,
  remoteAddress?: string,
): Promise<TestBrowser> {
  await createEditor(db, { ...AUTHOR, role: 'author' });
  const browser = new TestBrowser(app, remoteAddress);
  const res = await browser.signIn(AUTHOR.email, AUTHOR.password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return browser;
}

export interface FilePart {
  bytes: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body as a browser's FormData would send it, ready for `inject`. */
export async function multipart(
  fields: Record<string, string | FilePart | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }),
        value.filename ?? 'file',
      );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
