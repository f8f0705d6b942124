import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_API_KEY, type Env, loadConfig } from './config';
import { apiPackageDir } from './paths';

const CWD = '/srv/agency';

function problemsOf(env: Env): string[] {
  try {
    loadConfig(env, CWD);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    expect(loadConfig({}, CWD)).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/agency/data',
      databaseUrl: null,
      apiKey: DEFAULT_API_KEY,
      webRoot: path.resolve(apiPackageDir, '..'),
      logLevel: 'info',
      site: {
        name: 'Agency',
        address: '',
        email: 'hello@agency.example',
        phone: '+44 20 7946 0958',
        defaultCountry: 'GB',
        social: {
          facebook: 'https://www.facebook.com/',
          x: 'https://x.com/',
          instagram: 'https://www.instagram.com/',
          tiktok: 'https://www.tiktok.com/',
          youtube: 'https://www.youtube.com/',
        },
        contactRetentionDays: 365,
      },
      trustProxy: false,
      mail: null,
      firstEditor: null,
      readCacheBytes: 64 * 1024 * 1024,
      publicOrigin: 'http://localhost:8080',
      siteTimeZone: 'UTC',
      contactRateLimit: 10,
      auditRetentionDays: 365,
      shutdownDeadlineMs: 10_000,
      s3: null,
      readinessDrainMs: 0,
      metricsToken: null,
      pageCache: { sharedSeconds: 60, staleSeconds: 300 },
      purge: null,
    });
  });

  it('defaults WEB_ROOT to the folder above the api package, whatever the cwd', () => {
    expect(loadConfig({}, '/somewhere/else').webRoot).toBe(path.resolve(apiPackageDir, '..'));
    expect(path.join(loadConfig({}, '/x').webRoot, 'api')).toBe(apiPackageDir);
  });

  it.each([
    { env: { PORT: '1' }, expected: { port: 1 } },
    { env: { PAGE_CACHE_SECONDS: '0' }, expected: { pageCache: { sharedSeconds: 0, staleSeconds: 300 } } },
    {
      env: { PAGE_CACHE_SECONDS: '600', PAGE_STALE_SECONDS: '86400' },
      expected: { pageCache: { sharedSeconds: 600, staleSeconds: 86_400 } },
    },
    { env: { PORT: '65535' }, expected: { port: 65535 } },
    { env: { PORT: ' 3000 ' }, expected: { port: 3000 } },
    { env: { HOST: '127.0.0.1' }, expected: { host: '127.0.0.1' } },
    { env: { DATA_DIR: 'var/db' }, expected: { dataDir: '/srv/agency/var/db' } },
    { env: { DATA_DIR: '/data' }, expected: { dataDir: '/data' } },
    { env: { WEB_ROOT: 'public' }, expected: { webRoot: '/srv/agency/public' } },
    {
      env: { DATABASE_URL: 'postgres://u:p@db:5432/agency' },
      expected: { databaseUrl: 'postgres://u:p@db:5432/agency' },
    },
    {
      env: { DATABASE_URL: 'postgresql://db/agency?sslmode=require' },
      expected: { databaseUrl: 'postgresql://db/agency?sslmode=require' },
    },
    { env: { DATABASE_URL: '' }, expected: { databaseUrl: null } },
    { env: { API_KEY: 'k-9f2$x' }, expected: { apiKey: 'k-9f2$x' } },
    { env: { API_KEY: '   ' }, expected: { apiKey: DEFAULT_API_KEY } },
    { env: { LOG_LEVEL: 'silent' }, expected: { logLevel: 'silent' } },
    { env: { SITE_NAME: 'وكالة' }, expected: { site: { name: 'وكالة' } } },
    { env: { SITE_EMAIL: 'info@example.com' }, expected: { site: { email: 'info@example.com' } } },
    { env: { SITE_PHONE: '+971 4 000 0000' }, expected: { site: { phone: '+971 4 000 0000' } } },
    {
      env: { SOCIAL_X: 'http://x.com/agency' },
      expected: { site: { social: { x: 'http://x.com/agency' } } },
    },
    {
      env: { SOCIAL_YOUTUBE: 'https://youtube.com/@agency' },
      expected: { site: { social: { youtube: 'https://youtube.com/@agency' } } },
    },
  ])('accepts $env', ({ env, expected }) => {
    expect(loadConfig(env, CWD)).toMatchObject(expected);
  });

  it.each([
    { env: { PORT: '0' }, message: 'PORT must be an integer from 1 to 65535, got "0"' },
    { env: { PORT: '65536' }, message: 'PORT must be an integer from 1 to 65535, got "65536"' },
    { env: { PORT: 'eighty' }, message: 'PORT must be an integer from 1 to 65535, got "eighty"' },
    { env: { PORT: '80.5' }, message: 'PORT must be an integer from 1 to 65535, got "80.5"' },
    { env: { PORT: '-1' }, message: 'PORT must be an integer from 1 to 65535, got "-1"' },
    {
      env: { DATABASE_URL: 'mysql://db/agency' },
      message:
        'DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database), got "mysql://db/agency"',
    },
    {
      env: { API_KEY: 'two words' },
      message: 'API_KEY must be printable ASCII without spaces (it travels in a header), got "two words"',
    },
    {
      env: { LOG_LEVEL: 'loud' },
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    },
    {
      env: { SITE_EMAIL: 'agency.example' },
      message: `SITE_EMAIL must be an e-mail address containing '@', got "agency.example"`,
    },
    {
      env: { SOCIAL_FACEBOOK: 'facebook.com/agency' },
      message: 'SOCIAL_FACEBOOK must be an http(s) URL, got "facebook.com/agency"',
    },
    {
      env: { SOCIAL_X: 'javascript:alert(1)' },
      message: 'SOCIAL_X must be an http(s) URL, got "javascript:alert(1)"',
    },
    {
      env: { SOCIAL_INSTAGRAM: 'ftp://instagram.com' },
      message: 'SOCIAL_INSTAGRAM must be an http(s) URL, got "ftp://instagram.com"',
    },
    { env: { SOCIAL_TIKTOK: 'https://' }, message: 'SOCIAL_TIKTOK must be an http(s) URL, got "https://"' },
    { env: { SOCIAL_YOUTUBE: 'youtube' }, message: 'SOCIAL_YOUTUBE must be an http(s) URL, got "youtube"' },
    {
      env: { READ_CACHE_BYTES: '64MB' },
      message: 'READ_CACHE_BYTES must be a whole number of bytes (0 turns the cache off), got "64MB"',
    },
    {
      env: { READ_CACHE_BYTES: '-1' },
      message: 'READ_CACHE_BYTES must be a whole number of bytes (0 turns the cache off), got "-1"',
    },
    {
      env: { CONTACT_RETENTION_DAYS: '0' },
      message: 'CONTACT_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "0"',
    },
    {
      env: { CONTACT_RETENTION_DAYS: '1y' },
      message: 'CONTACT_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "1y"',
    },
    {
      env: { AUDIT_RETENTION_DAYS: '0' },
      message: 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "0"',
    },
    {
      env: { AUDIT_RETENTION_DAYS: '90d' },
      message: 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "90d"',
    },
    {
      env: { CONTACT_RETENTION_DAYS: '99999999999999999999' },
      message:
        'CONTACT_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "99999999999999999999"',
    },
    {
      env: { CONTACT_RATE_LIMIT: '0' },
      message: 'CONTACT_RATE_LIMIT must be a whole number of messages from 1 to 10000, got "0"',
    },
    {
      env: { SHUTDOWN_DEADLINE_SECONDS: '0' },
      message: 'SHUTDOWN_DEADLINE_SECONDS must be a whole number of seconds from 1 to 3600, got "0"',
    },
    {
      env: { SHUTDOWN_DEADLINE_SECONDS: '2.5' },
      message: 'SHUTDOWN_DEADLINE_SECONDS must be a whole number of seconds from 1 to 3600, got "2.5"',
    },
    {
      env: { READINESS_DRAIN_SECONDS: '10' },
      message:
        'READINESS_DRAIN_SECONDS must be a whole number of seconds below SHUTDOWN_DEADLINE_SECONDS (10), got "10"',
    },
    {
      env: { READINESS_DRAIN_SECONDS: '5', SHUTDOWN_DEADLINE_SECONDS: '5' },
      message:
        'READINESS_DRAIN_SECONDS must be a whole number of seconds below SHUTDOWN_DEADLINE_SECONDS (5), got "5"',
    },
    {
      env: { READINESS_DRAIN_SECONDS: '-1' },
      message:
        'READINESS_DRAIN_SECONDS must be a whole number of seconds below SHUTDOWN_DEADLINE_SECONDS (10), got "-1"',
    },
    {
      env: { PAGE_CACHE_SECONDS: '1m' },
      message: 'PAGE_CACHE_SECONDS must be a whole number of seconds from 0 to 86400, got "1m"',
    },
    {
      env: { PAGE_STALE_SECONDS: '86401' },
      message: 'PAGE_STALE_SECONDS must be a whole number of seconds from 0 to 86400, got "86401"',
    },
    {
      env: { METRICS_TOKEN: 'short' },
      message: 'METRICS_TOKEN must be 16 to 512 printable ASCII characters without spaces',
    },
    {
      env: { METRICS_TOKEN: 'a token with spaces in it' },
      message: 'METRICS_TOKEN must be 16 to 512 printable ASCII characters without spaces',
    },
    {
      env: { PURGE_URL: 'ftp://cdn.example/purge' },
      message:
        'PURGE_URL must be an http(s) URL without credentials or fragment, such as http://127.0.0.1:8081/purge{path} or https://cdn.example/hooks/purge',
    },
    {
      env: { PURGE_URL: 'https://user:secret@cdn.example/purge' },
      message:
        'PURGE_URL must be an http(s) URL without credentials or fragment, such as http://127.0.0.1:8081/purge{path} or https://cdn.example/hooks/purge',
    },
    {
      env: { PURGE_AUTHORIZATION: 'Bearer x' },
      message: 'PURGE_URL must be set when PURGE_AUTHORIZATION is (unset them to announce nothing)',
    },
    {
      env: { PURGE_URL: 'http://127.0.0.1:8081/purge{path}', PURGE_METHOD: 'purge me' },
      message: 'PURGE_METHOD must be an HTTP method in capitals (PURGE, BAN, DELETE...), got "purge me"',
    },
    {
      env: { PURGE_URL: 'https://cdn.example/hooks/purge', PURGE_METHOD: 'BAN' },
      message: 'PURGE_METHOD applies only to a PURGE_URL with {path} in it (the list form POSTs)',
    },
    {
      env: { PURGE_URL: 'https://cdn.example/hooks/purge', PURGE_AUTHORIZATION: 'Bearer a\u0001b' },
      message: 'PURGE_AUTHORIZATION must be 1 to 4096 printable ASCII characters (a header value)',
    },
    {
      env: { SITE_TIME_ZONE: 'Dubai' },
      message:
        'SITE_TIME_ZONE must be an IANA time zone such as UTC, Europe/London or Asia/Dubai, got "Dubai"',
    },
  ])('rejects $env', ({ env, message }) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('reports every bad variable at once, in a message naming each', () => {
    expect(() => loadConfig({ PORT: 'x', SITE_EMAIL: 'nope' }, CWD)).toThrow(
      'Invalid configuration:\n' +
        '  - PORT must be an integer from 1 to 65535, got "x"\n' +
        `  - SITE_EMAIL must be an e-mail address containing '@', got "nope"`,
    );
  });

  it("refuses a READ_CACHE_BYTES whose three stores could take more than half the heap, and takes the default in the server's 1 GiB", () => {
    const MiB = 1024 * 1024;
    const heap = 1030 * MiB; // heap_size_limit with the server's flags (api/node-flags.mjs)
    expect(() => loadConfig({ READ_CACHE_BYTES: String(512 * MiB) }, CWD, heap)).toThrow(
      'READ_CACHE_BYTES must be at most 180005546 bytes (171 MiB) in this process, whose JavaScript heap may grow to ' +
        "1030 MiB: the API's answers, the pages and their outage copies each keep up to it (a larger heap: node " +
        '--max-old-space-size), got "536870912"',
    );
    expect(loadConfig({ READ_CACHE_BYTES: String(171 * MiB) }, CWD, heap).readCacheBytes).toBe(171 * MiB);
    expect(loadConfig({}, CWD, heap).readCacheBytes).toBe(64 * MiB);
    // A larger heap takes a larger cache.
    expect(loadConfig({ READ_CACHE_BYTES: String(512 * MiB) }, CWD, 4096 * MiB).readCacheBytes).toBe(
      512 * MiB,
    );
  });

  it.each([
    { env: { READ_CACHE_BYTES: '0' }, expected: 0 },
    { env: { READ_CACHE_BYTES: '1048576' }, expected: 1048576 },
  ])('reads READ_CACHE_BYTES=$env.READ_CACHE_BYTES', ({ env, expected }) => {
    expect(loadConfig(env, CWD).readCacheBytes).toBe(expected);
  });

  it.each([
    { env: {}, expected: 10 },
    { env: { CONTACT_RATE_LIMIT: '200' }, expected: 200 },
  ])('reads CONTACT_RATE_LIMIT=$env.CONTACT_RATE_LIMIT', ({ env, expected }) => {
    expect(loadConfig(env, CWD).contactRateLimit).toBe(expected);
  });

  it.each([
    { env: {}, expected: 10_000 },
    { env: { SHUTDOWN_DEADLINE_SECONDS: ' 3 ' }, expected: 3_000 },
  ])('reads SHUTDOWN_DEADLINE_SECONDS=$env.SHUTDOWN_DEADLINE_SECONDS', ({ env, expected }) => {
    expect(loadConfig(env, CWD).shutdownDeadlineMs).toBe(expected);
  });

  it.each([
    { env: {}, expected: 0 },
    { env: { READINESS_DRAIN_SECONDS: '3' }, expected: 3_000 },
    { env: { READINESS_DRAIN_SECONDS: '29', SHUTDOWN_DEADLINE_SECONDS: '30' }, expected: 29_000 },
  ])('reads READINESS_DRAIN_SECONDS=$env.READINESS_DRAIN_SECONDS', ({ env, expected }) => {
    expect(loadConfig(env, CWD).readinessDrainMs).toBe(expected);
  });

  it.each([
    { env: {}, expected: null },
    { env: { METRICS_TOKEN: ' scrape-token-0123456789 ' }, expected: 'scrape-token-0123456789' },
  ])('reads METRICS_TOKEN', ({ env, expected }) => {
    expect(loadConfig(env, CWD).metricsToken).toBe(expected);
  });

  it.each([
    { env: {}, expected: null },
    {
      env: { PURGE_URL: ' http://127.0.0.1:8081/purge{path} ' },
      expected: { url: 'http://127.0.0.1:8081/purge{path}', method: 'PURGE', authorization: null },
    },
    {
      env: { PURGE_URL: 'http://varnish:6081{path}', PURGE_METHOD: 'BAN', PURGE_AUTHORIZATION: 'Bearer t' },
      expected: { url: 'http://varnish:6081{path}', method: 'BAN', authorization: 'Bearer t' },
    },
    {
      env: { PURGE_URL: 'https://cdn.example/hooks/purge?zone=1' },
      expected: { url: 'https://cdn.example/hooks/purge?zone=1', method: 'PURGE', authorization: null },
    },
  ])('reads PURGE_URL=$env.PURGE_URL', ({ env, expected }) => {
    expect(loadConfig(env, CWD).purge).toEqual(expected);
  });

  it.each([
    { env: {}, expected: 'UTC' },
    { env: { SITE_TIME_ZONE: ' Asia/Dubai ' }, expected: 'Asia/Dubai' },
  ])('reads SITE_TIME_ZONE=$env.SITE_TIME_ZONE', ({ env, expected }) => {
    expect(loadConfig(env, CWD).siteTimeZone).toBe(expected);
  });

  it.each([
    { env: {}, expected: 365 },
    { env: { CONTACT_RETENTION_DAYS: '30' }, expected: 30 },
    { env: { CONTACT_RETENTION_DAYS: ' 730 ' }, expected: 730 },
  ])('reads CONTACT_RETENTION_DAYS=$env.CONTACT_RETENTION_DAYS', ({ env, expected }) => {
    expect(loadConfig(env, CWD).site.contactRetentionDays).toBe(expected);
  });

  it.each([
    { env: {}, expected: 365 },
    { env: { AUDIT_RETENTION_DAYS: '90' }, expected: 90 },
    { env: { AUDIT_RETENTION_DAYS: ' 3650 ' }, expected: 3650 },
  ])('reads AUDIT_RETENTION_DAYS=$env.AUDIT_RETENTION_DAYS', ({ env, expected }) => {
    expect(loadConfig(env, CWD).auditRetentionDays).toBe(expected);
  });

  it.each([
    { env: {}, expected: 'http://localhost:8080' },
    { env: { PORT: '3000' }, expected: 'http://localhost:3000' },
    { env: { PUBLIC_ORIGIN: 'https://agency.example' }, expected: 'https://agency.example' },
    { env: { PUBLIC_ORIGIN: ' https://agency.example/ ' }, expected: 'https://agency.example' },
    { env: { PUBLIC_ORIGIN: 'HTTPS://Agency.Example' }, expected: 'https://agency.example' },
    { env: { PUBLIC_ORIGIN: 'https://agency.example:443' }, expected: 'https://agency.example' },
    { env: { PUBLIC_ORIGIN: 'http://127.0.0.1:8181' }, expected: 'http://127.0.0.1:8181' },
    { env: { PUBLIC_ORIGIN: 'https://[::1]:8443' }, expected: 'https://[::1]:8443' },
    { env: { PUBLIC_ORIGIN: 'https://وكالة.example' }, expected: 'https://xn--mgbe0ffr.example' },
    { env: { PUBLIC_ORIGIN: '', PORT: '9000' }, expected: 'http://localhost:9000' },
  ])('reads PUBLIC_ORIGIN from $env', ({ env, expected }) => {
    expect(loadConfig(env, CWD).publicOrigin).toBe(expected);
  });

  it.each([
    'agency.example',
    '//agency.example',
    'ftp://agency.example',
    'javascript:alert(1)',
    'https://',
    'https://agency.example/en',
    'https://agency.example//',
    'https://agency.example\\en',
    'https://agency.example?lng=ar',
    'https://agency.example/?',
    'https://agency.example#top',
    'https://editor@agency.example',
    'https://agency example',
    'https://agency.example:99999',
  ])('refuses PUBLIC_ORIGIN=%s, naming the variable', (value) => {
    expect(problemsOf({ PUBLIC_ORIGIN: value })).toEqual([
      `PUBLIC_ORIGIN must be an http(s) origin with no path, query or fragment (like https://agency.example), got ${JSON.stringify(value)}`,
    ]);
  });

  it.each([
    { env: { TRUST_PROXY: 'false' }, expected: false },
    { env: { TRUST_PROXY: '1' }, expected: 1 },
    { env: { TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }, expected: '10.0.0.1, 10.0.0.0/8' },
  ])('reads TRUST_PROXY=$env.TRUST_PROXY', ({ env, expected }) => {
    expect(loadConfig(env, CWD).trustProxy).toEqual(expected);
  });

  it('sends contact notifications through SMTP_URL, to and from the site e-mail by default', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.example:587', SITE_EMAIL: 'hi@agency.example' }, CWD).mail,
    ).toEqual({
      smtpUrl: 'smtp://mail.example:587',
      from: 'hi@agency.example',
      to: 'hi@agency.example',
    });
    expect(
      loadConfig(
        {
          SMTP_URL: 'smtps://u:p@mail.example',
          MAIL_FROM: 'web@agency.example',
          CONTACT_EMAIL: 'sales@agency.example',
        },
        CWD,
      ).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example',
      from: 'web@agency.example',
      to: 'sales@agency.example',
    });
  });

  it('reads the first editor from EDITOR_EMAIL, EDITOR_PASSWORD and EDITOR_NAME', () => {
    expect(
      loadConfig(
        { EDITOR_EMAIL: 'Editor@Example.com', EDITOR_PASSWORD: ' correct horse ', EDITOR_NAME: 'Sam' },
        CWD,
      ).firstEditor,
    ).toEqual({ email: 'editor@example.com', password: ' correct horse ', name: 'Sam' });
    expect(
      loadConfig({ EDITOR_EMAIL: 'sam@example.com', EDITOR_PASSWORD: 'x'.repeat(12) }, CWD).firstEditor?.name,
    ).toBe('sam');
  });

  it.each([
    { env: { TRUST_PROXY: 'sometimes' }, problem: /^TRUST_PROXY must be/ },
    { env: { TRUST_PROXY: 'true' }, problem: /^TRUST_PROXY=true would take .* any client can write/ },
    { env: { SMTP_URL: 'http://mail.example' }, problem: /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/ },
    {
      env: { SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'nobody' },
      problem: /^MAIL_FROM must be an e-mail/,
    },
    { env: { EDITOR_EMAIL: 'a@b.c' }, problem: /^EDITOR_PASSWORD must be 12 to 1024 characters/ },
    { env: { EDITOR_EMAIL: 'a@b.c', EDITOR_PASSWORD: 'short' }, problem: /^EDITOR_PASSWORD must be 12/ },
    { env: { EDITOR_PASSWORD: 'long-enough-password' }, problem: /^EDITOR_EMAIL must be/ },
  ])('refuses $env', ({ env, problem }) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('never echoes a password or an SMTP URL in its messages', () => {
    const problems = problemsOf({
      EDITOR_EMAIL: 'a@b.c',
      EDITOR_PASSWORD: 'hunter2',
      SMTP_URL: 'ftp://u:s3cret@x',
    });
    expect(problems.join('\n')).not.toMatch(/hunter2|s3cret/);
  });

  describe('S3 storage', () => {
    const BUCKET = {
      S3_BUCKET: 'agency-images',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'very-secret-key',
    };

    it('reads a bucket, its endpoint, its public address and path-style addressing', () => {
      expect(
        loadConfig(
          {
            ...BUCKET,
            S3_ENDPOINT: 'http://127.0.0.1:9000/',
            S3_PUBLIC_URL: 'https://cdn.agency.example/images/',
            S3_FORCE_PATH_STYLE: 'true',
          },
          CWD,
        ).s3,
      ).toEqual({
        bucket: 'agency-images',
        endpoint: 'http://127.0.0.1:9000',
        region: 'auto',
        accessKeyId: 'key-id',
        secretAccessKey: 'very-secret-key',
        publicUrl: 'https://cdn.agency.example/images',
        forcePathStyle: true,
      });
    });

    it('defaults to AWS S3 (no endpoint), virtual-hosted addressing and streaming through the server', () => {
      expect(loadConfig(BUCKET, CWD).s3).toMatchObject({
        endpoint: null,
        publicUrl: null,
        forcePathStyle: false,
      });
    });

    it.each([
      {
        env: { S3_ENDPOINT: 'http://minio:9000' },
        problem: /^S3_BUCKET must be set when any S3_ variable is \(got S3_ENDPOINT\)/,
      },
      { env: { ...BUCKET, S3_REGION: '' }, problem: /^S3_REGION must be set with S3_BUCKET/ },
      { env: { ...BUCKET, S3_ACCESS_KEY_ID: ' ' }, problem: /^S3_ACCESS_KEY_ID must be set with S3_BUCKET/ },
      {
        env: { ...BUCKET, S3_SECRET_ACCESS_KEY: '' },
        problem: /^S3_SECRET_ACCESS_KEY must be set with S3_BUCKET/,
      },
      { env: { ...BUCKET, S3_BUCKET: 'Agency_Images' }, problem: /^S3_BUCKET must be a bucket name/ },
      { env: { ...BUCKET, S3_ENDPOINT: 'minio:9000' }, problem: /^S3_ENDPOINT must be an http\(s\) URL/ },
      {
        env: { ...BUCKET, S3_PUBLIC_URL: 'http://cdn.example' },
        problem: /^S3_PUBLIC_URL must be an https URL/,
      },
      {
        env: { ...BUCKET, S3_PUBLIC_URL: 'https://cdn.example/?a=1' },
        problem: /^S3_PUBLIC_URL must be an https URL/,
      },
      {
        env: { ...BUCKET, S3_FORCE_PATH_STYLE: 'yes' },
        problem: /^S3_FORCE_PATH_STYLE must be true or false/,
      },
    ])('refuses incomplete or wrong S3 settings: $problem', ({ env, problem }) => {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(problem);
    });

    it('names every missing setting at once and never echoes the secret key', () => {
      const problems = problemsOf({ S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'hunter2-secret' });
      expect(problems).toEqual([
        expect.stringMatching(/^S3_REGION /),
        expect.stringMatching(/^S3_ACCESS_KEY_ID /),
      ]);
      expect(problems.join('\n')).not.toMatch(/hunter2/);
    });
  });
});
