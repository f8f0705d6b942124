import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../node-flags.mjs';
import { apiPackageDir } from '../paths';
import { TcpProxy } from './tcp-proxy';

/**
 * What the resilience tests share: real server processes (`node --import tsx src/server.ts`, so no build is
 * needed), an HTTP client that behaves like a browser behind a proxy, and tallies of what came back.
 */

export const API_KEY = 'resilience-key';
export const EDITOR = { email: 'load-editor@example.com', password: 'a long load-test passphrase' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `agency-resilience-${prefix}-`));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The bound README promises for a write in one API process to reach the answers of another on the same
 * PostgreSQL ("Public reads from memory"): PostgreSQL delivers the NOTIFY at commit, typically within a few
 * milliseconds; this leaves room for a loaded 2-core machine.
 */
export const CROSS_PROCESS_BOUND_MS = 1_000;

export interface ServerOptions {
  /** PGlite's data folder (DATA_DIR); also where uploads go with PostgreSQL. */
  dataDir: string;
  /** PostgreSQL URL, or null for PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** An empty folder: no front end is needed. */
  webRoot: string;
  port?: number;
  /** More environment (SMTP_URL). */
  env?: Record<string, string>;
  /** Loads memory-probe.mjs: `retainedMemory()` then works. */
  memoryProbe?: boolean;
  /**
   * false: a first start makes its database with initdb and draws the seed's images, as a server does whose
   * build files do not fit; by default it reads the run's first-start files, as a production server does.
   */
  firstStartFiles?: boolean;
}

/** What a process holds after collecting all its garbage (bytes). */
export interface RetainedMemory {
  heapUsed: number;
  external: number;
  rss: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly pid: number;
  readonly port: number;
  readonly url: string;
  /** Resolves when the process has exited (and was reaped). */
  readonly exited: Promise<Exit>;
  /** Everything it wrote to stdout and stderr (the tail), for failure messages. */
  output(): string;
  /** How many lines it has written so far that hold `text` (its whole output, not just the tail). */
  linesWith(text: string): number;
  /** With `memoryProbe`: what it holds once all its garbage is collected. */
  retainedMemory(): Promise<RetainedMemory>;
  /** SIGTERM and wait (SIGKILL after 15 s). */
  stop(): Promise<Exit>;
  /** kill -9 and wait. */
  kill(): Promise<Exit>;
}

const running = new Set<ChildProcess>();
// A test that throws before its afterAll still must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `src/server.ts` in its own process; does not wait for it to listen (see `waitUntilServing`). */
export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  await mkdir(options.dataDir, { recursive: true });
  // A clean environment: nothing of the test runner's (NODE_OPTIONS, a DATABASE_URL) leaks into the server.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    WEB_ROOT: options.webRoot,
    API_KEY,
    LOG_LEVEL: 'warn',
    // The contact form takes 10 messages per client address per 15 minutes, and every simulated visitor
    // connects from 127.0.0.1: as it is, a load test would mostly hear 429. The legitimate way past it is the
    // one production uses behind a reverse proxy: TRUST_PROXY names the proxy (here the test, on loopback)
    // and each visitor's own address comes in X-Forwarded-For (Visitor.address). The server believes that
    // header from 127.0.0.1 only, so the limit still holds, per visitor; the tests give each message a
    // visitor of its own and so never reach it.
    TRUST_PROXY: '127.0.0.1',
    EDITOR_EMAIL: EDITOR.email,
    EDITOR_PASSWORD: EDITOR.password,
    ...(options.firstStartFiles === false ? {} : { FIRST_START_FILES: inject('firstStartFiles') }),
    ...options.env,
  };
  const probe = options.memoryProbe ? ['--expose-gc', '--import', './src/resilience/memory-probe.mjs'] : [];
  // With the Node flags of the production server (node-flags.mjs).
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...probe, '--import', 'tsx', 'src/server.ts'],
    {
      cwd: apiPackageDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  running.add(child);
  let log = '';
  // Every line, for counting: what an operator's log would hold.
  const lines: string[] = [];
  let partial = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    log = (log + text).slice(-20_000);
    const split = (partial + text).split('\n');
    partial = split.pop() ?? '';
    lines.push(...split);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });

  let done = false;
  void exited.then(() => {
    done = true;
  });
  const signalAndWait = async (signal: NodeJS.Signals): Promise<Exit> => {
    if (!done) process.kill(pid, signal);
    const force = setTimeout(() => {
      if (!done) process.kill(pid, 'SIGKILL');
    }, 15_000);
    try {
      return await exited;
    } finally {
      clearTimeout(force);
    }
  };
  return {
    pid,
    port,
    url: `http://127.0.0.1:${port}`,
    exited,
    output: () => log,
    linesWith: (text) => lines.filter((line) => line.includes(text)).length,
    async retainedMemory() {
      const seen = lines.length;
      process.kill(pid, 'SIGUSR2');
      for (let waited = 0; waited < 30_000; waited += 50) {
        const line = lines.slice(seen).find((l) => l.startsWith('[memory] '));
        if (line) return JSON.parse(line.slice('[memory] '.length)) as RetainedMemory;
        await sleep(50);
      }
      throw new Error(`no memory report from the server:\n${log}`);
    },
    stop: () => signalAndWait('SIGTERM'),
    kill: () => signalAndWait('SIGKILL'),
  };
}

/** Waits until GET /api/health answers 200; fails with the server's output if it exits or takes too long. */
export async function waitUntilServing(server: ServerProcess, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  let exit: Exit | null = null;
  void server.exited.then((e) => {
    exit = e;
  });
  while (Date.now() - started < timeoutMs) {
    if (exit) {
      throw new Error(`the server exited (${JSON.stringify(exit)}) before serving:\n${server.output()}`);
    }
    const res = await call(server.url, { path: '/api/health', timeoutMs: 2000 });
    if (res.status === 200) return Date.now() - started;
    await sleep(200);
  }
  throw new Error(`the server did not serve within ${timeoutMs} ms:\n${server.output()}`);
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const server = await spawnServer(options);
  try {
    await waitUntilServing(server);
  } catch (err) {
    await server.kill();
    throw err;
  }
  return server;
}

export interface Answer {
  /** 0 when no HTTP answer came (connection refused or reset, timeout): `error` says what. */
  status: number;
  body: unknown;
  text: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
  /** When the request was sent (Date.now()). */
  at: number;
  error?: string;
}

export interface CallOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  agent?: http.Agent;
  timeoutMs?: number;
}

/** One HTTP request with node:http; never throws: a failure to get an answer is `status: 0`. */
export function call(base: string, options: CallOptions): Promise<Answer> {
  const at = Date.now();
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms' | 'at'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, at, ms: performance.now() - started });
    };
    const req = http.request(
      `${base}${options.path}`,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (err: NodeJS.ErrnoException) =>
          finish({ status: 0, body: null, text: '', headers: {}, error: err.code ?? err.message }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          finish({ status: res.statusCode ?? 0, body, text, headers: res.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: 0, body: null, text: '', headers: {}, error: err.code ?? err.message }),
    );
    req.end(options.body);
  });
}

/**
 * A browser (or a visitor behind the site's proxy): its own keep-alive connection, its cookies, its CSRF
 * token, and the address the proxy reports for it in X-Forwarded-For.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  csrf = '';
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    readonly base: string,
    public address: string,
  ) {}

  async request(
    method: string,
    url: string,
    body?: { json: unknown } | { form: Record<string, string | File> },
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'x-api-key': API_KEY, 'x-forwarded-for': this.address };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: Buffer | undefined;
    if (body && 'json' in body) {
      payload = Buffer.from(JSON.stringify(body.json));
      headers['content-type'] = 'application/json';
    } else if (body) {
      const form = new FormData();
      for (const [name, value] of Object.entries(body.form)) form.append(name, value);
      const encoded = new Response(form);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
    }
    const answer = await call(this.base, { method, path: url, headers, body: payload, agent: this.agent });
    for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  async fetchCsrf(): Promise<Answer> {
    const answer = await this.request('GET', '/api/csrf');
    if (answer.status === 200) this.csrf = (answer.body as { token: string }).token;
    return answer;
  }

  /** Signs the editor in as the site's sign-in page does: a CSRF token first, then the form. */
  async signIn(): Promise<void> {
    const csrf = await this.fetchCsrf();
    if (csrf.status !== 200) throw new Error(`GET /api/csrf answered ${csrf.status} ${csrf.error ?? ''}`);
    const res = await this.request('POST', '/api/auth/login', { json: EDITOR });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
    this.csrf = (res.body as { csrf_token: string }).csrf_token;
  }

  close(): void {
    this.agent.destroy();
  }
}

let addressCounter = 0;
/** A new private address each call: each contact message comes from its own visitor. */
export function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A contact form as a visitor fills it in; `marker` makes the message findable in the database. */
export function contactForm(marker: string) {
  return {
    name: 'Load Tester',
    countryCode: '+44',
    phone: '2079460958',
    email: 'visitor@example.com',
    business: 'Resilience Ltd',
    service: 'seo',
    message: `Please call me back about ${marker}.`,
    website: '',
  };
}

/** A valid post form; published in the past so the public can read it at once. */
export function postForm(slug: string, title: string, version?: string): Record<string, string> {
  return {
    language: 'en',
    title,
    slug,
    status: 'published',
    description: 'Written under load',
    content: `<p>${title}</p>`,
    seo_title: title,
    seo_description: 'Written under load',
    published_at: '2024-01-01',
    ...(version ? { version } : {}),
  };
}

/** Counts answers by kind and status, and keeps latencies and a few samples of each failure. */
export class Tally {
  readonly byKind = new Map<string, Map<string, number>>();
  readonly latencies: number[] = [];
  readonly samples: string[] = [];
  total = 0;

  add(kind: string, answer: Answer): void {
    this.total += 1;
    this.latencies.push(answer.ms);
    const key = answer.status === 0 ? `error:${answer.error}` : String(answer.status);
    const counts = this.byKind.get(kind) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    this.byKind.set(kind, counts);
    if ((answer.status === 0 || answer.status >= 400) && this.samples.length < 20) {
      this.samples.push(`${kind} -> ${key} ${answer.text.slice(0, 200)}`);
    }
  }

  /** How many answers fall in a class: '2xx', '4xx', '5xx' or 'error'. */
  count(klass: '2xx' | '4xx' | '5xx' | 'error'): number {
    let n = 0;
    for (const counts of this.byKind.values()) {
      for (const [key, value] of counts) {
        if (klass === 'error' ? key.startsWith('error:') : key.startsWith(klass[0] ?? '?')) n += value;
      }
    }
    return n;
  }

  percentile(p: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  }

  summary(): string {
    const kinds = [...this.byKind]
      .map(([kind, counts]) => `${kind} ${JSON.stringify(Object.fromEntries(counts))}`)
      .join('; ');
    return (
      `${this.total} requests, p50 ${this.percentile(50).toFixed(0)} ms, p99 ${this.percentile(99).toFixed(0)} ms, ` +
      `max ${this.percentile(100).toFixed(0)} ms: ${kinds}`
    );
  }
}

export async function removeDir(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** A place for one server's data: a temporary folder, and a fresh PostgreSQL database for that kind. */
export interface Site {
  readonly kind: 'pglite' | 'postgresql';
  readonly dataDir: string;
  readonly webRoot: string;
  readonly databaseUrl: string | null;
  /** Where the contact messages can be read from (see storedContactMessages). */
  readonly store: { databaseUrl: string } | { dataDir: string };
  /** As ServerOptions' (for every server started on the site). */
  readonly firstStartFiles?: boolean;
  remove(): Promise<void>;
}

export async function makeSite(
  kind: 'pglite' | 'postgresql',
  createDatabase: () => Promise<{ url: string; drop(): Promise<void> }>,
): Promise<Site> {
  const dir = await tempDir(kind);
  const webRoot = path.join(dir, 'web');
  await mkdir(webRoot);
  const dataDir = path.join(dir, 'data');
  const database = kind === 'postgresql' ? await createDatabase() : null;
  return {
    kind,
    dataDir,
    webRoot,
    databaseUrl: database?.url ?? null,
    store: database ? { databaseUrl: database.url } : { dataDir },
    async remove() {
      await database?.drop();
      await removeDir(dir);
    },
  };
}

/**
 * A PostgreSQL site whose server is to reach the database only through a TCP proxy of the test's own (to cut,
 * silence or delay it): `viaProxy` is the URL to start the server with. The site itself (its `store`, its
 * removal) reaches the database directly, so the test can read what was stored whatever the proxy does.
 */
export async function siteBehindProxy(
  adminUrl: string,
  createDatabase: () => Promise<{ url: string; drop(): Promise<void> }>,
): Promise<{ site: Site; proxy: TcpProxy; viaProxy: string }> {
  const target = new URL(adminUrl);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  const port = await proxy.start();
  const site = await makeSite('postgresql', createDatabase);
  const viaProxy = new URL(site.databaseUrl ?? '');
  viaProxy.host = `127.0.0.1:${port}`;
  return { site, proxy, viaProxy: viaProxy.toString() };
}
