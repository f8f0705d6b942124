import { sql } from 'drizzle-orm';
import { type Runner, rows } from '../rows';

/**
 * `count` new numbers of the sequence `sequence`, in the order they were drawn: a seed inserts each kind of row in
 * one statement (one round trip to the database's thread instead of one per row, about 150 for the services, the
 * FAQ and pricing), so translation links are numbered before.
 */
export async function drawNumbers(tx: Runner, sequence: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const drawn = await rows<{ n: number }>(
    tx,
    sql`SELECT nextval(${sequence}::regclass)::int AS n FROM generate_series(1, ${count}) AS i ORDER BY i`,
  );
  const numbers = drawn.map((row) => Number(row.n));
  if (numbers.length !== count)
    throw new Error(`drew ${numbers.length} numbers of ${sequence}, not ${count}`);
  return numbers;
}

/** The value of `map` at `key`, which a seed has just inserted: its absence is a bug, said by `what`. */
export function inserted<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seeding ${what} returned no row`);
  return value;
}
