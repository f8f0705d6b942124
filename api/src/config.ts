import path from 'node:path';
import v8 from 'node:v8';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '@agency/core/audit';
import { DEFAULT_PHONE_REGION } from '@agency/core/rules';
import type { SiteConfig } from '@agency/core/types';
import { isTimeZone } from './lib/site-time';
import { apiPackageDir } from './paths';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Absolute. Holds the embedded database (`pglite/`) and uploads (`storage/`). */
  dataDir: string;
  /** PostgreSQL connection string, or null for the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  /**
   * The value every `/api` request must carry in `x-api-key`. It is written into the page for the browser to
   * send, so it is public by nature: it tells this site's front-end apart from casual scrapers, it is not a
   * secret and never guards writes on its own.
   */
  apiKey: string;
  /** Absolute. The folder holding each front-end package's `dist/` (the repository root by default). */
  webRoot: string;
  logLevel: LogLevel;
  /**
   * What every page is told about the site. Its `contactRetentionDays` is also the setting itself: contact
   * messages older than that many days are erased, once a day and at start, so the privacy notice that states
   * it is true by construction.
   */
  site: SiteConfig;
  /**
   * Whether to believe `X-Forwarded-For` / `X-Forwarded-Proto` (fastify's `trustProxy`): false, a hop count,
   * or a comma list of proxy addresses (never `true`, which believes what the client wrote: see loadConfig). Decides the client address that rate limits
   * key on and whether a request came over HTTPS (Secure `__Host-` cookies, HSTS).
   */
  trustProxy: boolean | number | string;
  /** E-mail notification of contact messages; null sends none (messages are stored either way). */
  mail: { smtpUrl: string; from: string; to: string } | null;
  /** The editor account created at start when no user has this e-mail; never changes an existing one. */
  firstEditor: { email: string; password: string; name: string } | null;
  /** The public read cache's cap in bytes (least recently used answers go first); 0 turns it off. */
  readCacheBytes: number;
  /**
   * The site's public origin (`https://agency.example`, no trailing slash): every absolute URL the server
   * writes (sitemap, feeds, links in the page) starts with it, never with a request's Host header.
   */
  publicOrigin: string;
  /**
   * The IANA time zone public pages date posts in (`published_at` is written with its offset), and a date
   * alone given to the API is the start of that day on its clock. UTC by default.
   */
  siteTimeZone: string;
  /** Contact messages one address may send per 15 minutes (then 429). */
  contactRateLimit: number;
  /** Audit trail entries older than this many days are deleted, once a day and at start. */
  auditRetentionDays: number;
  /**
   * How long a SIGTERM (or SIGINT) may take before the process exits anyway with status 3 (server.ts): the
   * requests in flight finish and the database closes within it.
   */
  shutdownDeadlineMs: number;
  /**
   * Where stored images live: null keeps them in `${dataDir}/storage/poster_images` (the default); set, they
   * go to this S3-compatible bucket (lib/image-store.ts).
   */
  s3: S3Config | null;
  /**
   * How long a stopping process keeps serving after SIGTERM, its readiness already 503, before it closes its
   * listener (READINESS_DRAIN_SECONDS): time for a load balancer to see the 503 and send no more. Counted
   * within the shutdown deadline.
   */
  readinessDrainMs: number;
  /**
   * The bearer token `GET /metrics` requires (METRICS_TOKEN); null turns the metrics off (the path is then
   * unknown, 404). Prometheus scrapers send it in `Authorization: Bearer`.
   */
  metricsToken: string | null;
  /**
   * How long shared caches (a CDN, a proxy) may keep a public page (PAGE_CACHE_SECONDS, `s-maxage`) and then
   * serve it while they fetch it again (PAGE_STALE_SECONDS, `stale-while-revalidate`). Browsers always ask
   * again (`max-age=0`), answered 304 while the page is the same.
   */
  pageCache: PageCacheConfig;
  /**
   * Where a write's changed public pages are announced to a CDN or caching proxy (PURGE_*); null: nothing is
   * announced (shared caches keep a page up to its s-maxage).
   */
  purge: PurgeConfig | null;
}

/** The purge webhook (PURGE_URL, PURGE_METHOD, PURGE_AUTHORIZATION). */
export interface PurgeConfig {
  /**
   * With `{path}` in it: one request per page, the page's path and query put in its place; without: one POST
   * of `{"paths": [...]}`.
   */
  url: string;
  /** The method of the per-page form (PURGE by default); the list form always POSTs. */
  method: string;
  /** Sent as the Authorization header; null: none. A secret, never logged. */
  authorization: string | null;
}

/** The shared-cache lifetimes of public pages (PAGE_CACHE_SECONDS, PAGE_STALE_SECONDS). */
export interface PageCacheConfig {
  sharedSeconds: number;
  staleSeconds: number;
}

export const DEFAULT_PAGE_CACHE: PageCacheConfig = { sharedSeconds: 60, staleSeconds: 300 };
/** A day: a page kept longer would outlive most corrections an editor makes without a purge. */
export const MAX_PAGE_CACHE_SECONDS = 86_400;

/** An S3-compatible bucket for the stored images (S3_* variables). */
export interface S3Config {
  bucket: string;
  /** The service's URL (`https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`); null for AWS S3. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Where browsers fetch the bucket's objects from (a public bucket or a CDN in front of it), no trailing
   * slash; null when the server streams them from the bucket itself.
   */
  publicUrl: string | null;
  /** Addresses the bucket as `${endpoint}/${bucket}` rather than `${bucket}.${endpoint}` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export const DEFAULT_CONTACT_RETENTION_DAYS = 365;
/** Contact messages per address per 15 minutes. */
export const DEFAULT_CONTACT_RATE_LIMIT = 10;
/** How long a stop may take, in seconds (SHUTDOWN_DEADLINE_SECONDS). */
export const DEFAULT_SHUTDOWN_DEADLINE_SECONDS = 10;
/** An hour: a stop that needs longer is stuck, not slow. */
export const MAX_SHUTDOWN_DEADLINE_SECONDS = 3_600;
/** A hundred years: more is surely a typo (and beyond what a date interval should be asked for). */
export const MAX_RETENTION_DAYS = 36_500;

/** 64 MiB: every post, list page and service of a large site in both languages, with their gzip and brotli. */
export const DEFAULT_READ_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The largest READ_CACHE_BYTES a process whose JavaScript heap may grow to `heapLimit` bytes accepts: its three
 * stores (the API's answers, the rendered pages, and the pages' copies kept for a database outage) each keep up
 * to the cap, and together they may take half the heap. With the server's Node flags (api/node-flags.mjs, a
 * 1 GiB old generation, a heap limit of 1030 MiB) that is 171 MiB.
 */
export function maxReadCacheBytes(heapLimit: number): number {
  return Math.floor(heapLimit / 6);
}

/** The shortest password an editor account may have. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longer passwords only make hashing slower: a cap keeps a huge one from being a denial of service. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Thrown by `loadConfig` with one line per bad variable, each naming the variable and its value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_API_KEY = 'agency-public-key';

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const SITE_DEFAULTS = {
  SITE_NAME: 'Agency',
  SITE_EMAIL: 'hello@agency.example',
  SITE_PHONE: '+44 20 7946 0958',
  SOCIAL_FACEBOOK: 'https://www.facebook.com/',
  SOCIAL_X: 'https://x.com/',
  SOCIAL_INSTAGRAM: 'https://www.instagram.com/',
  SOCIAL_TIKTOK: 'https://www.tiktok.com/',
  SOCIAL_YOUTUBE: 'https://www.youtube.com/',
} as const;

function show(value: string): string {
  return JSON.stringify(value);
}

/**
 * `scheme://host[:port]` in its normal form (lower-case host, no default port, punycode), or null when the
 * value is not an http(s) origin: a path other than `/`, a query, a fragment or a user name are refused.
 */
function parseOrigin(value: string): string | null {
  if (!/^https?:\/\/[^/\\?#\s]+\/?$/i.test(value)) return null;
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && url.username === '' && url.password === '';
    return url.hostname !== '' && bare ? url.origin : null;
  } catch {
    return null;
  }
}

/** Every S3_ variable: one of them set without the bucket is a mistake, not the local disk. */
const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'S3_FORCE_PATH_STYLE',
] as const;

/** The placeholder PURGE_URL may hold: where each page's path and query go. */
export const PURGE_PATH_PLACEHOLDER = '{path}';

/** The purge webhook of PURGE_*, or null without PURGE_URL (the others alone are a mistake). */
function readPurge(read: (name: string) => string | undefined, problems: string[]): PurgeConfig | null {
  const raw = read('PURGE_URL');
  const rawMethod = read('PURGE_METHOD');
  const authorization = read('PURGE_AUTHORIZATION') ?? null;
  if (raw === undefined) {
    const given = ['PURGE_METHOD', 'PURGE_AUTHORIZATION'].filter((name) => read(name) !== undefined);
    if (given.length > 0)
      problems.push(`PURGE_URL must be set when ${given.join(' or ')} is (unset them to announce nothing)`);
    return null;
  }
  let valid = false;
  try {
    // The placeholder stands for a path: check the URL with one in its place.
    const url = new URL(raw.replaceAll(PURGE_PATH_PLACEHOLDER, '/'));
    valid =
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.hash === '';
  } catch {
    valid = false;
  }
  // Not echoed whole: a webhook's URL may carry a token in its query.
  if (!valid)
    problems.push(
      'PURGE_URL must be an http(s) URL without credentials or fragment, such as http://127.0.0.1:8081/purge{path} or https://cdn.example/hooks/purge',
    );
  const method = rawMethod ?? 'PURGE';
  if (!/^[A-Z]{1,20}$/.test(method))
    problems.push(
      `PURGE_METHOD must be an HTTP method in capitals (PURGE, BAN, DELETE...), got ${show(method)}`,
    );
  else if (rawMethod !== undefined && !raw.includes(PURGE_PATH_PLACEHOLDER))
    problems.push(
      `PURGE_METHOD applies only to a PURGE_URL with ${PURGE_PATH_PLACEHOLDER} in it (the list form POSTs)`,
    );
  // Never echoed: it is a secret. A header cannot carry line breaks or controls.
  if (authorization !== null && !/^[\x20-\x7e]{1,4096}$/.test(authorization))
    problems.push('PURGE_AUTHORIZATION must be 1 to 4096 printable ASCII characters (a header value)');
  return { url: raw, method, authorization };
}

/** An http(s) URL with a host and nothing after its path, without its trailing slashes; null otherwise. */
function parseBaseUrl(value: string, protocols: readonly string[]): string | null {
  try {
    const url = new URL(value);
    const plain = url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    if (!protocols.includes(url.protocol) || url.hostname === '' || !plain) return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * The bucket of S3_*, or null when none of them is set. A bucket without its region or keys would only fail
 * at the first upload, so every missing one is a problem now, at start.
 */
function readS3(read: (name: string) => string | undefined, problems: string[]): S3Config | null {
  const given = S3_VARIABLES.filter((name) => read(name) !== undefined);
  if (given.length === 0) return null;
  const bucket = read('S3_BUCKET');
  if (bucket === undefined) {
    problems.push(
      `S3_BUCKET must be set when any S3_ variable is (got ${given.join(', ')}); unset them all to keep images on the local disk`,
    );
    return null;
  }
  // S3's rule for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(
      `S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got ${show(bucket)}`,
    );
  }
  for (const name of ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (read(name) === undefined)
      problems.push(`${name} must be set with S3_BUCKET (R2 takes the region "auto", MinIO "us-east-1")`);
  }
  const rawEndpoint = read('S3_ENDPOINT');
  let endpoint: string | null = null;
  if (rawEndpoint !== undefined) {
    endpoint = parseBaseUrl(rawEndpoint, ['http:', 'https:']);
    if (endpoint === null)
      problems.push(`S3_ENDPOINT must be an http(s) URL (unset it for AWS S3), got ${show(rawEndpoint)}`);
  }
  const rawPublicUrl = read('S3_PUBLIC_URL');
  let publicUrl: string | null = null;
  if (rawPublicUrl !== undefined) {
    // Pages allow images from https: only (security-headers.ts), so an http address would show none.
    publicUrl = parseBaseUrl(rawPublicUrl, ['https:']);
    if (publicUrl === null)
      problems.push(
        `S3_PUBLIC_URL must be an https URL with no query or fragment (the bucket's public address or a CDN's), got ${show(rawPublicUrl)}`,
      );
  }
  const rawPathStyle = read('S3_FORCE_PATH_STYLE') ?? 'false';
  const forcePathStyle = /^(true|1)$/i.test(rawPathStyle);
  if (!forcePathStyle && !/^(false|0)$/i.test(rawPathStyle))
    problems.push(`S3_FORCE_PATH_STYLE must be true or false, got ${show(rawPathStyle)}`);
  return {
    bucket,
    endpoint,
    region: read('S3_REGION') ?? '',
    // The keys are secrets: never echoed.
    accessKeyId: read('S3_ACCESS_KEY_ID') ?? '',
    secretAccessKey: read('S3_SECRET_ACCESS_KEY') ?? '',
    publicUrl,
    forcePathStyle,
  };
}

/**
 * Reads and validates the configuration from an environment once. Empty values count as unset, so
 * `DATABASE_URL=` in an env file means "use the embedded database". Relative `DATA_DIR` and `WEB_ROOT` are
 * resolved against `cwd` (the process cwd by default). Throws a `ConfigError` listing every bad variable.
 */
export function loadConfig(
  env: Env,
  cwd: string = process.cwd(),
  heapLimit: number = v8.getHeapStatistics().heap_size_limit,
): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const text = (name: string, fallback: string): string => read(name) ?? fallback;

  let port = 8080;
  const rawPort = read('PORT');
  if (rawPort !== undefined) {
    port = /^\d+$/.test(rawPort) ? Number(rawPort) : Number.NaN;
    if (!(port >= 1 && port <= 65535)) {
      problems.push(`PORT must be an integer from 1 to 65535, got ${show(rawPort)}`);
    }
  }

  let publicOrigin = `http://localhost:${port}`;
  const rawOrigin = read('PUBLIC_ORIGIN');
  if (rawOrigin !== undefined) {
    const origin = parseOrigin(rawOrigin);
    if (origin === null) {
      problems.push(
        `PUBLIC_ORIGIN must be an http(s) origin with no path, query or fragment (like https://agency.example), got ${show(rawOrigin)}`,
      );
    } else publicOrigin = origin;
  }

  const databaseUrl = read('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database), got ${show(databaseUrl)}`,
    );
  }

  const apiKey = text('API_KEY', DEFAULT_API_KEY);
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    problems.push(
      `API_KEY must be printable ASCII without spaces (it travels in a header), got ${show(apiKey)}`,
    );
  }

  const rawLogLevel = text('LOG_LEVEL', 'info');
  const logLevel = LOG_LEVELS.find((level) => level === rawLogLevel);
  if (logLevel === undefined) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${show(rawLogLevel)}`);
  }

  const email = text('SITE_EMAIL', SITE_DEFAULTS.SITE_EMAIL);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    problems.push(`SITE_EMAIL must be an e-mail address containing '@', got ${show(email)}`);
  }

  const url = (name: keyof typeof SITE_DEFAULTS): string => {
    const value = text(name, SITE_DEFAULTS[name]);
    let ok = false;
    try {
      const parsed = new URL(value);
      ok = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`${name} must be an http(s) URL, got ${show(value)}`);
    return value;
  };

  let trustProxy: boolean | number | string = false;
  const rawTrustProxy = read('TRUST_PROXY');
  if (rawTrustProxy !== undefined) {
    if (/^(false|0)$/i.test(rawTrustProxy)) trustProxy = false;
    else if (/^true$/i.test(rawTrustProxy)) {
      // Believing every proxy means taking the leftmost X-Forwarded-For address, which the client writes:
      // anyone could then choose the address that sign-in and contact limits count.
      problems.push(
        'TRUST_PROXY=true would take the client address from the leftmost X-Forwarded-For entry, which any ' +
          'client can write, so rate limits could be dodged: give the number of proxies in front of the ' +
          'server (1 behind one reverse proxy, 2 behind a CDN and a proxy) or their addresses',
      );
    } else if (/^\d+$/.test(rawTrustProxy)) trustProxy = Number(rawTrustProxy);
    else if (/^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$/i.test(rawTrustProxy)) trustProxy = rawTrustProxy;
    else {
      problems.push(
        `TRUST_PROXY must be false, a hop count or a comma list of proxy addresses, got ${show(rawTrustProxy)}`,
      );
    }
  }

  let mail: Config['mail'] = null;
  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined) {
    let ok = false;
    try {
      const parsed = new URL(smtpUrl);
      ok = (parsed.protocol === 'smtp:' || parsed.protocol === 'smtps:') && parsed.hostname !== '';
    } catch {
      ok = false;
    }
    // The URL may hold a password: it is never echoed back.
    if (!ok) problems.push('SMTP_URL must be an smtp:// or smtps:// URL with a host');
    const from = text('MAIL_FROM', email);
    const to = text('CONTACT_EMAIL', email);
    for (const [name, value] of [
      ['MAIL_FROM', from],
      ['CONTACT_EMAIL', to],
    ] as const) {
      if (!/^[^\s@<>]+@[^\s@<>]+$/.test(value))
        problems.push(`${name} must be an e-mail address, got ${show(value)}`);
    }
    mail = { smtpUrl, from, to };
  }

  let firstEditor: Config['firstEditor'] = null;
  const editorEmail = read('EDITOR_EMAIL');
  const editorPassword = env.EDITOR_PASSWORD ?? '';
  if (editorEmail !== undefined || editorPassword !== '') {
    if (editorEmail === undefined || !/^[^\s@]+@[^\s@]+$/.test(editorEmail)) {
      problems.push(
        `EDITOR_EMAIL must be the first editor's e-mail address when EDITOR_PASSWORD is set, got ${show(editorEmail ?? '')}`,
      );
    }
    // Never echoed: it is a password.
    if (editorPassword.length < MIN_PASSWORD_LENGTH || editorPassword.length > MAX_PASSWORD_LENGTH) {
      problems.push(
        `EDITOR_PASSWORD must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters when EDITOR_EMAIL is set`,
      );
    }
    const address = (editorEmail ?? '').toLowerCase();
    firstEditor = {
      email: address,
      password: editorPassword,
      name: text('EDITOR_NAME', address.split('@')[0] ?? ''),
    };
  }

  let readCacheBytes = DEFAULT_READ_CACHE_BYTES;
  const rawReadCache = read('READ_CACHE_BYTES');
  if (rawReadCache !== undefined) {
    readCacheBytes = /^\d+$/.test(rawReadCache) ? Number(rawReadCache) : Number.NaN;
    if (!Number.isSafeInteger(readCacheBytes)) {
      problems.push(
        `READ_CACHE_BYTES must be a whole number of bytes (0 turns the cache off), got ${show(rawReadCache)}`,
      );
    } else if (readCacheBytes > maxReadCacheBytes(heapLimit)) {
      const most = maxReadCacheBytes(heapLimit);
      const mib = (bytes: number) => Math.floor(bytes / 1024 / 1024);
      problems.push(
        `READ_CACHE_BYTES must be at most ${most} bytes (${mib(most)} MiB) ` +
          `in this process, whose JavaScript heap may grow to ${mib(heapLimit)} MiB: the API's answers, the pages ` +
          `and their outage copies each keep up to it (a larger heap: node --max-old-space-size), got ${show(rawReadCache)}`,
      );
    }
  }

  /**
   * A whole number of `unit` from `min` to `max`, or `fallback` when unset; anything else is a problem that
   * names the setting, the range and what it was given (NaN then, which no range holds).
   */
  const wholeNumber = (name: string, fallback: number, unit: string, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= min && value <= max)) {
      problems.push(`${name} must be a whole number of ${unit} from ${min} to ${max}, got ${show(raw)}`);
    }
    return value;
  };
  const contactRetentionDays = wholeNumber(
    'CONTACT_RETENTION_DAYS',
    DEFAULT_CONTACT_RETENTION_DAYS,
    'days',
    1,
    MAX_RETENTION_DAYS,
  );
  const auditRetentionDays = wholeNumber(
    'AUDIT_RETENTION_DAYS',
    DEFAULT_AUDIT_RETENTION_DAYS,
    'days',
    1,
    MAX_RETENTION_DAYS,
  );
  const contactRateLimit = wholeNumber(
    'CONTACT_RATE_LIMIT',
    DEFAULT_CONTACT_RATE_LIMIT,
    'messages',
    1,
    10_000,
  );
  const shutdownDeadlineSeconds = wholeNumber(
    'SHUTDOWN_DEADLINE_SECONDS',
    DEFAULT_SHUTDOWN_DEADLINE_SECONDS,
    'seconds',
    1,
    MAX_SHUTDOWN_DEADLINE_SECONDS,
  );

  let readinessDrainSeconds = 0;
  const rawDrain = read('READINESS_DRAIN_SECONDS');
  if (rawDrain !== undefined) {
    readinessDrainSeconds = /^\d+$/.test(rawDrain) ? Number(rawDrain) : Number.NaN;
    // The drain is part of the stop, so it must leave the requests in flight some of the deadline.
    // (Against the default when the deadline itself is bad: that one is reported on its own.)
    const deadline =
      shutdownDeadlineSeconds >= 1 && shutdownDeadlineSeconds <= MAX_SHUTDOWN_DEADLINE_SECONDS
        ? shutdownDeadlineSeconds
        : DEFAULT_SHUTDOWN_DEADLINE_SECONDS;
    if (!(readinessDrainSeconds >= 0 && readinessDrainSeconds < deadline)) {
      problems.push(
        `READINESS_DRAIN_SECONDS must be a whole number of seconds below SHUTDOWN_DEADLINE_SECONDS (${deadline}), got ${show(rawDrain)}`,
      );
    }
  }

  const metricsToken = read('METRICS_TOKEN') ?? null;
  // Never echoed: it is a secret. Short tokens could be guessed; a header cannot carry spaces or controls.
  if (metricsToken !== null && !/^[\x21-\x7e]{16,512}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be 16 to 512 printable ASCII characters without spaces');
  }

  const pageCache: PageCacheConfig = {
    sharedSeconds: wholeNumber(
      'PAGE_CACHE_SECONDS',
      DEFAULT_PAGE_CACHE.sharedSeconds,
      'seconds',
      0,
      MAX_PAGE_CACHE_SECONDS,
    ),
    staleSeconds: wholeNumber(
      'PAGE_STALE_SECONDS',
      DEFAULT_PAGE_CACHE.staleSeconds,
      'seconds',
      0,
      MAX_PAGE_CACHE_SECONDS,
    ),
  };

  const siteTimeZone = text('SITE_TIME_ZONE', 'UTC');
  if (!isTimeZone(siteTimeZone)) {
    problems.push(
      `SITE_TIME_ZONE must be an IANA time zone such as UTC, Europe/London or Asia/Dubai, got ${show(siteTimeZone)}`,
    );
  }

  const s3 = readS3(read, problems);
  const purge = readPurge(read, problems);

  const config: Config = {
    port,
    host: text('HOST', '0.0.0.0'),
    dataDir: path.resolve(cwd, text('DATA_DIR', './data')),
    databaseUrl,
    apiKey,
    webRoot: path.resolve(cwd, text('WEB_ROOT', path.resolve(apiPackageDir, '..'))),
    logLevel: logLevel ?? 'info',
    site: {
      name: text('SITE_NAME', SITE_DEFAULTS.SITE_NAME),
      address: '',
      email,
      phone: text('SITE_PHONE', SITE_DEFAULTS.SITE_PHONE),
      defaultCountry: DEFAULT_PHONE_REGION,
      social: {
        facebook: url('SOCIAL_FACEBOOK'),
        x: url('SOCIAL_X'),
        instagram: url('SOCIAL_INSTAGRAM'),
        tiktok: url('SOCIAL_TIKTOK'),
        youtube: url('SOCIAL_YOUTUBE'),
      },
      contactRetentionDays,
    },
    trustProxy,
    mail,
    firstEditor,
    readCacheBytes,
    publicOrigin,
    siteTimeZone,
    contactRateLimit,
    auditRetentionDays,
    shutdownDeadlineMs: shutdownDeadlineSeconds * 1000,
    s3,
    readinessDrainMs: readinessDrainSeconds * 1000,
    metricsToken,
    pageCache,
    purge,
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
