import { describe, expect, it } from 'vitest';
import { operationOf, QueryTimes } from './query-times';

describe('operationOf', () => {
  it.each([
    ['select "id" from "posts" where "slug" = $1', 'select'],
    ['  SELECT 1', 'select'],
    ['insert into "posts" ("slug") values ($1)', 'insert'],
    ['update "posts" set "title" = $1', 'update'],
    ['DELETE FROM sessions WHERE expires_at < now()', 'delete'],
    ['with x as (select 1) select * from x', 'other'],
    ['begin', 'other'],
    ['selected_things', 'other'],
    ['', 'other'],
  ])('%s → %s', (sql, operation) => {
    expect(operationOf(sql)).toBe(operation);
  });

  it("reads pg's query config ({ text })", () => {
    expect(operationOf({ text: 'update t set a = 1', values: [] })).toBe('update');
    expect(operationOf(null)).toBe('other');
  });
});

describe('QueryTimes', () => {
  it('answers the statement unchanged and observes only while watched', async () => {
    const times = new QueryTimes();
    const seen: [string, number][] = [];
    expect(await times.time('select 1', 0, Promise.resolve(1))).toBe(1);
    const unwatch = times.watch((operation, seconds) => seen.push([operation, seconds]));
    await times.time('select 1', performance.now(), Promise.resolve(2));
    await expect(
      times.time('delete from t', performance.now(), Promise.reject(new Error('x'))),
    ).rejects.toThrow('x');
    unwatch();
    await times.time('select 1', performance.now(), Promise.resolve(3));
    expect(seen.map(([operation]) => operation)).toEqual(['select', 'delete']);
    expect(seen.every(([, seconds]) => seconds >= 0)).toBe(true);
  });
});
