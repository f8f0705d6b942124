import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, type Env, loadConfig } from '../config';
import type { TestDb } from './databases';
import { SmtpSink } from './smtp';

export const TEST_API_KEY = 'test-key-123';

/** A valid configuration for tests: real defaults, a test key, no logging, the given overrides. */
export function testConfig(env: Env = {}): Config {
  return loadConfig({ API_KEY: TEST_API_KEY, LOG_LEVEL: 'silent', ...env });
}

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `agency-api-${prefix}-`));
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly config: Config;
}

/**
 * Builds the app on the suite's database with its own temporary data and web folders (unless given), and
 * closes it after the suite. `prepare` may add routes before the app is ready.
 */
export function useTestApp(
  database: TestDb,
  options: {
    env?: () => Env;
    prepare?: (app: FastifyInstance) => void;
    /** More of buildApp's options (a fake mailer); the outbox and retention timers are off in tests. */
    build?: () => Partial<BuildAppOptions>;
  } = {},
): TestApp {
  let app: FastifyInstance | undefined;
  let config: Config | undefined;
  let tempDir: string | undefined;
  beforeAll(async () => {
    tempDir = await makeTempDir('app');
    config = testConfig({ DATA_DIR: path.join(tempDir, 'data'), WEB_ROOT: tempDir, ...options.env?.() });
    app = await buildApp({
      config,
      db: database.db,
      // Like the server: the database's change announcements reach the read cache.
      changes: database.handle,
      queryTimes: database.handle.queryTimes,
      logger: false,
      outboxTimer: false,
      retentionTimer: false,
      ...options.build?.(),
    });
    options.prepare?.(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error('The app is built in beforeAll');
      return app;
    },
    get config() {
      if (!config) throw new Error('The config is made in beforeAll');
      return config;
    },
  };
}

/** An SMTP sink running for the enclosing describe block: started before its tests, stopped after. */
export function useSmtpSink(): SmtpSink {
  const sink = new SmtpSink();
  beforeAll(async () => {
    await sink.start();
  });
  afterAll(async () => {
    await sink.stop();
  });
  return sink;
}
