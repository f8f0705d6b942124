import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Database, type DbHandle } from '../db/client';
import { contactMessages } from '../db/schema';
import { useSmtpSink, useTestApp } from '../test/app';
import { TestBrowser } from '../test/browser';
import {
  createPostgresDatabase,
  databases,
  describeEachDatabase,
  postgres,
  useDatabase,
} from '../test/databases';
import { SmtpSink } from '../test/smtp';
import { dbPlugin } from './db';
import { ACCOUNT_MAIL_RETRY_MS, type Mailer, type MailMessage, outboxPlugin, smtpMailer } from './outbox';

const MAIL = { from: 'hello@agency.example', to: 'sales@agency.example' };

const VALID = {
  name: 'Layla Hassan',
  countryCode: '+971',
  phone: '501234567',
  email: 'layla@example.com',
  business: 'Hassan Trading',
  service: 'seo',
  website: '',
};

/** The message text that names message `i` of a burst, found again in the mail the sink took. */
const marker = (i: number) => `Burst message number ${String(i).padStart(3, '0')} please call.`;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

describeEachDatabase('contact e-mail of a burst of messages', (database, target) => {
  const sink = useSmtpSink();
  // The real SMTP mailer (pooled), as the server builds it; no timer: only storing messages starts rounds.
  const t = useTestApp(database, {
    env: () => ({ SMTP_URL: sink.url, SITE_EMAIL: MAIL.from, CONTACT_EMAIL: MAIL.to }),
  });

  it('mails 200 messages stored at once within seconds, each once', { timeout: 120_000 }, async () => {
    const COUNT = 200;
    // Twenty visitors of ten messages each: the per-address limit lets each send ten.
    const visitors = await Promise.all(
      Array.from({ length: COUNT / 10 }, async (_, v) => {
        const browser = new TestBrowser(t.app, `10.61.${v}.1`);
        await browser.fetchCsrf();
        return browser;
      }),
    );
    const start = Date.now();
    const answers = await Promise.all(
      Array.from({ length: COUNT }, (_, i) =>
        (visitors[i % visitors.length] as TestBrowser).request({
          method: 'POST',
          url: '/api/contact',
          payload: { ...VALID, message: marker(i) },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    // Waits far longer than it should take, so that a slow outbox fails on the counts below, not a timeout.
    for (let waited = 0; sink.received.length < COUNT && waited < 60_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await t.app.outbox.run();

    expect(sink.received).toHaveLength(COUNT);
    const rows = await database.db.select().from(contactMessages);
    expect(rows).toHaveLength(COUNT);
    const delays = rows.map((row) => {
      const mails = sink.received.filter((mail) => mail.data.includes(row.message));
      expect(mails, row.message).toHaveLength(1);
      return (mails[0]?.at ?? Number.POSITIVE_INFINITY) - row.createdAt.getTime();
    });
    expect(rows.every((row) => row.mailStatus === 'sent' && row.mailAttempts === 1)).toBe(true);
    const slowest = Math.max(...delays);
    const total = Math.max(...sink.received.map((mail) => mail.at)) - start;
    console.info(
      `[outbox ${target.name}] ${COUNT} messages mailed in ${seconds(total)} ` +
        `(${(COUNT / (total / 1000)).toFixed(1)} mails/s), slowest store-to-mail ${seconds(slowest)}`,
    );
    // The aims are 5 s per message and 10 mails/s; the bounds allow three times that and a whole 20 s for a
    // busy, shared machine. An outbox that sends a batch per minute is minutes away from either.
    expect(slowest).toBeLessThan(15_000);
    expect(total).toBeLessThan(20_000);
  });
});

describeEachDatabase(
  'contact e-mail asked for during a round',
  (database) => {
    it('runs another round for a message stored after the last claim of the one running', async () => {
      const sent: MailMessage[] = [];
      const mailer: Mailer = {
        async send(message) {
          sent.push(message);
        },
      };
      const pending = (message: string) => ({
        ...VALID,
        message,
        mailStatus: 'pending' as const,
        mailNextAttemptAt: new Date(Date.now() - 1000),
      });
      let app: FastifyInstance | undefined;
      let stored = false;
      // The database as the outbox sees it, but the first time a claim finds nothing due, a message is stored
      // and the outbox asked for a round, as the contact route does, before that round has ended.
      const db = new Proxy(database.db, {
        get(target, key, receiver) {
          if (key !== 'transaction') return Reflect.get(target, key, receiver);
          return async (...args: Parameters<Database['transaction']>) => {
            const claimed = (await target.transaction(...args)) as unknown[];
            if (claimed.length === 0 && !stored) {
              stored = true;
              await target.insert(contactMessages).values(pending('Stored as the round ended.'));
              app?.outbox.kick();
            }
            return claimed;
          };
        },
      });
      app = Fastify({ logger: false });
      await app.register(dbPlugin, { db });
      await app.register(outboxPlugin, { mail: MAIL, mailer, timer: false });
      await app.ready();
      try {
        await database.db.insert(contactMessages).values(pending('Stored first.'));
        await app.outbox.run();
        expect(stored).toBe(true);
        expect(sent.map((mail) => mail.text.split('\n').at(-1))).toEqual([
          'Stored first.',
          'Stored as the round ended.',
        ]);
      } finally {
        await app.close();
      }
    });
  },
  { seed: false },
);

/** A bare server holding only the outbox, on its own database connection: one API process as far as the database sees. */
async function outboxProcess(db: Database, mailerUrl: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(dbPlugin, { db });
  await app.register(outboxPlugin, { mail: MAIL, mailer: smtpMailer(mailerUrl), timer: false });
  await app.ready();
  return app;
}

/**
 * Two API processes at once on one database: on PostgreSQL each has its own connection pool to the same
 * database; PGlite belongs to one process, so there two outboxes share it. Each counts what it sent through
 * its own SMTP sink.
 */
for (const target of databases) {
  describe.skipIf(target.skip !== null)(`contact e-mail from two processes at once [${target.name}]`, () => {
    const sinks = [new SmtpSink(), new SmtpSink()];
    const handles: DbHandle[] = [];
    const processes: FastifyInstance[] = [];
    let drop: () => Promise<void> = async () => {};

    beforeAll(async () => {
      for (const sink of sinks) await sink.start();
      if (target.name === 'postgresql' && 'url' in postgres) {
        const database = await createPostgresDatabase(postgres.url);
        drop = database.drop;
        for (let i = 0; i < 2; i++) handles.push(await createDb({ kind: 'postgres', url: database.url }));
      } else {
        handles.push(await target.open());
      }
      await handles[0]?.migrate();
      for (const [i, sink] of sinks.entries()) {
        const handle = handles[i] ?? handles[0];
        if (handle) processes.push(await outboxProcess(handle.db, sink.url));
      }
    });
    afterAll(async () => {
      for (const app of processes) await app.close();
      for (const handle of handles) await handle.close();
      await drop();
      for (const sink of sinks) await sink.stop();
    });
    beforeEach(async () => {
      for (const sink of sinks) sink.received.length = 0;
    });

    it('never sends one message twice, while both send', { timeout: 60_000 }, async () => {
      const COUNT = 300;
      const db = handles[0]?.db as Database;
      await db.insert(contactMessages).values(
        Array.from({ length: COUNT }, (_, i) => ({
          ...VALID,
          message: marker(i),
          mailStatus: 'pending' as const,
          mailNextAttemptAt: new Date(Date.now() - 1000),
        })),
      );
      // Rounds of both at once, and more asked of each while they run.
      await Promise.all(processes.flatMap((app) => [app.outbox.run(), app.outbox.run()]));

      const mailed = sinks.flatMap((sink) =>
        sink.received.map((mail) => mail.data.match(/number (\d+)/)?.[1]),
      );
      expect(mailed).toHaveLength(COUNT);
      expect(new Set(mailed).size).toBe(COUNT);
      // Both took part: the claim shared the work rather than one process waiting for the other.
      console.info(
        `[outbox ${target.name}] two processes: ${sinks.map((sink) => sink.received.length).join(' + ')} mails`,
      );
      for (const sink of sinks) expect(sink.received.length).toBeGreaterThan(0);
      const rows = await db.select().from(contactMessages);
      expect(rows.every((row) => row.mailStatus === 'sent' && row.mailAttempts === 1)).toBe(true);
    });
  });
}

describe('account e-mails (a link to one person)', () => {
  const database = useDatabase(databases[0] as (typeof databases)[number], { seed: false });
  const sink = new SmtpSink();
  /** What the server logged, line by line (JSON), at every level. */
  const logged: string[] = [];
  let app: FastifyInstance;
  const LINK = 'https://agency.example/login/reset#token=secret-token-never-logged';
  const message = { to: 'rana@example.com', subject: 'Reset your password', text: `Open ${LINK}` };

  beforeAll(async () => {
    await sink.start();
  });
  beforeEach(async () => {
    logged.length = 0;
    sink.received.length = 0;
    sink.refuse = null;
    app = Fastify({ logger: { level: 'trace', stream: { write: (line: string) => logged.push(line) } } });
    await app.register(dbPlugin, { db: database.db });
    await app.register(outboxPlugin, { mail: MAIL, mailer: smtpMailer(sink.url), timer: false });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });
  afterAll(async () => {
    await sink.stop();
  });

  it('tries a refused send again and delivers it, without logging the message', async () => {
    sink.refuse = '451 4.3.0 try again later';
    const started = Date.now();
    const sending = app.accountMail.send(message);
    // Refused at first: let it through while the sender waits to try again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(0);
    sink.refuse = null;
    expect(await sending).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACCOUNT_MAIL_RETRY_MS[0] as number);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual(['<rana@example.com>']);
    expect(sink.received[0]?.data).toContain(LINK);
    expect(logged.join('\n')).not.toContain('secret-token-never-logged');
  });

  it('gives up when the server closes, and logs the recipient only', async () => {
    sink.refuse = '550 5.7.1 refused';
    const sending = app.accountMail.send(message);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.close();
    expect(await sending).toBe(false);
    expect(sink.received).toHaveLength(0);
    const all = logged.join('\n');
    expect(all).toContain('rana@example.com');
    expect(all).toContain('account e-mail not sent');
    expect(all).not.toContain('secret-token-never-logged');
    expect(all).not.toContain('Reset your password');
  });
});
