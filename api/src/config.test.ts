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
        email: 'hello@agency.example',
        phone: '+44 20 7946 0958',
        social: {
          facebook: 'https://www.facebook.com/',
          x: 'https://x.com/',
          instagram: 'https://www.instagram.com/',
          tiktok: 'https://www.tiktok.com/',
          youtube: 'https://www.youtube.com/',
        },
      },
    });
  });

  it('defaults WEB_ROOT to the folder above the api package, whatever the cwd', () => {
    expect(loadConfig({}, '/somewhere/else').webRoot).toBe(path.resolve(apiPackageDir, '..'));
    expect(path.join(loadConfig({}, '/x').webRoot, 'api')).toBe(apiPackageDir);
  });

  it.each([
    { env: { PORT: '1' }, expected: { port: 1 } },
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
});
