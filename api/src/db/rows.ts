import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** The database, or a transaction in it: what runs a raw query. */
export type Runner = Pick<Database, 'execute'>;

/** A raw query's rows: both drivers answer one with its rows under `rows`. */
export async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
