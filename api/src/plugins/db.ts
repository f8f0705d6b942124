import fp from 'fastify-plugin';
import type { Database, DbHandle } from '../db/client';
import { deadlineFor, withQueryDeadline } from '../db/limits';
import { type OutageLog, outageLog } from '../db/outage-log';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Where a request answered 503 for want of the database is counted (errors.ts). */
    databaseOutage: OutageLog;
  }
}

export interface DbPluginOptions {
  db: Database;
  /** The database's state changes (the server passes its handle); without it, only 503s are counted. */
  watch?: DbHandle['watch'] | null;
}

/**
 * Shares the database handed to `buildApp`. The app does not open or close it: whoever created it owns it
 * (the server closes it after the app on shutdown; tests drop their database after closing the app).
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { db, watch }) => {
    app.decorate('db', db);
    const outages = outageLog(app.log);
    app.decorate('databaseOutage', outages);
    watch?.((state) => outages.state(state));
    app.addHook('onClose', async () => outages.stop());
    // A read waits on the database for less time than a write (db/limits.ts). A request's body is read
    // outside this call, so what a write does after that gets the default deadline, which is the write's.
    app.addHook('onRequest', (request, _reply, done) => withQueryDeadline(deadlineFor(request.method), done));
  },
  { name: 'db' },
);
