import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  db: Database;
}

/**
 * Shares the database handed to `buildApp`. The app does not open or close it: whoever created it owns it
 * (the server closes it after the app on shutdown; tests drop their database after closing the app).
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
