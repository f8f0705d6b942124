import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/app';
import { describeEachDatabase } from '../test/databases';
import { createDb, DataDirInUseError, targetFromConfig } from './client';
import { serviceSections, serviceSectionTranslations, services, serviceTranslations } from './schema';
import { seedServices } from './seed/index';

async function counts(db: Parameters<typeof seedServices>[0]) {
  const one = async (
    table:
      | typeof services
      | typeof serviceTranslations
      | typeof serviceSections
      | typeof serviceSectionTranslations,
  ) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    services: await one(services),
    serviceTranslations: await one(serviceTranslations),
    sections: await one(serviceSections),
    sectionTranslations: await one(serviceSectionTranslations),
  };
}

/** Time allowed to a test that makes a new embedded database. */
const CREATES_DATABASE_MS = 120_000;

describe('targetFromConfig', () => {
  it.each([
    {
      config: { databaseUrl: null, dataDir: '/d' },
      // From the sources there is no template: a new folder is made by initdb.
      expected: { kind: 'pglite', dataDir: '/d/pglite', template: null },
    },
    {
      config: { databaseUrl: 'postgres://h/db', dataDir: '/d' },
      expected: { kind: 'postgres', url: 'postgres://h/db' },
    },
  ])('$config.databaseUrl', ({ config, expected }) => expect(targetFromConfig(config)).toEqual(expected));
});

describeEachDatabase(
  'migrations and seed',
  (database) => {
    it('seeds once, however often and however concurrently it runs', async () => {
      const results = await Promise.all([seedServices(database.db), seedServices(database.db)]);
      expect(results.sort()).toEqual([false, true]);
      expect(await seedServices(database.db)).toBe(false);
      const first = await counts(database.db);
      expect(first.services).toBe(10);
      expect(first.serviceTranslations).toBe(20);
      expect(first.sectionTranslations).toBe(2 * (first.sections ?? 0));
    });

    it('applies migrations again as a no-op', async () => {
      await database.handle.migrate();
      expect((await counts(database.db)).services).toBe(10);
    });

    it('refuses a content section without a layout', async () => {
      const [service] = await database.db.select({ id: services.id }).from(services).limit(1);
      await expect(
        database.db
          .insert(serviceSections)
          .values({ serviceId: service?.id ?? 0, type: 'content', layout: null }),
      ).rejects.toThrow();
    });
  },
  { seed: false },
);

// Every test here makes a new embedded database (migrations and seed) and opens it again: seconds alone, far
// longer on a machine busy with other work (the suite's other files run beside it), which must not fail them.
describe('PGlite in a data directory', { timeout: CREATES_DATABASE_MS }, () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps its data across restarts', async () => {
    dir = await makeTempDir('pglite');
    const target = targetFromConfig({ databaseUrl: null, dataDir: path.join(dir, 'nested') });
    const first = await createDb(target);
    await first.migrate();
    expect(await seedServices(first.db)).toBe(true);
    await first.close();

    // A start loads the rest of its modules once the database is opening: told before the opening ends.
    const told: string[] = [];
    const opening = createDb(target, { onOpening: () => told.push('opening') });
    const second = await opening.then((handle) => {
      told.push('open');
      return handle;
    });
    expect(told).toEqual(['opening', 'open']);
    await second.migrate();
    expect(await seedServices(second.db)).toBe(false);
    expect((await counts(second.db)).services).toBe(10);
    await second.close();
  });

  it('refuses a data folder another live process holds, and takes over one left by a dead process', async () => {
    dir = await makeTempDir('pglite-lock');
    const dataDir = path.join(dir, 'db');
    await mkdir(dataDir, { recursive: true });
    // The parent of this test process is alive and is not this process.
    await writeFile(path.join(dataDir, 'agency.pid'), String(process.ppid));
    // An opening that fails before the thread starts still tells, so a start waiting on it goes on to report.
    let told = false;
    await expect(
      createDb({ kind: 'pglite', dataDir }, { onOpening: () => (told = true) }),
    ).rejects.toBeInstanceOf(DataDirInUseError);
    expect(told).toBe(true);

    await writeFile(path.join(dataDir, 'agency.pid'), '2147483646');
    const handle = await createDb({ kind: 'pglite', dataDir });
    // The pid, when the process started, the host and its boot ('-' where the system does not tell).
    expect(await readFile(path.join(dataDir, 'agency.pid'), 'utf8')).toMatch(
      new RegExp(`^${process.pid} (\\d+|-) ${hostname()} \\S+$`),
    );
    await handle.close();
    expect(existsSync(path.join(dataDir, 'agency.pid'))).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a claim whose pid now belongs to another process (pids are reused), and keeps a live one',
    async () => {
      dir = await makeTempDir('pglite-reuse');
      const dataDir = path.join(dir, 'db');
      await mkdir(dataDir, { recursive: true });
      const lock = path.join(dataDir, 'agency.pid');
      // The parent is alive, but it is not the process that wrote this claim: that one started at tick 1.
      await writeFile(lock, `${process.ppid} 1`);
      const handle = await createDb({ kind: 'pglite', dataDir });
      const claim = await readFile(lock, 'utf8');
      await handle.close();

      // The same claim with the parent's real start time is the parent's, and is respected.
      const [, start] = claim.trim().split(' ');
      const parentStat = await readFile(`/proc/${process.ppid}/stat`, 'utf8');
      const parentStart = parentStat.slice(parentStat.lastIndexOf(')') + 2).split(' ')[19];
      expect(start).toMatch(/^\d+$/);
      await writeFile(lock, `${process.ppid} ${parentStart}`);
      await expect(createDb({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
      expect(await readFile(lock, 'utf8')).toBe(`${process.ppid} ${parentStart}`);
    },
  );

  it.runIf(existsSync('/proc/sys/kernel/random/boot_id'))(
    'takes over a claim made on another machine or before a reboot, however alive its pid looks here',
    async () => {
      dir = await makeTempDir('pglite-moved');
      const dataDir = path.join(dir, 'db');
      await mkdir(dataDir, { recursive: true });
      const lock = path.join(dataDir, 'agency.pid');
      const parentStat = await readFile(`/proc/${process.ppid}/stat`, 'utf8');
      const parentStart = parentStat.slice(parentStat.lastIndexOf(')') + 2).split(' ')[19];
      const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
      // The live parent, to the start tick: only the host or the boot tells this claim from the parent's.
      const here = `${process.ppid} ${parentStart} ${hostname()} ${boot}`;
      await writeFile(lock, here);
      await expect(createDb({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
      for (const elsewhere of [
        `${process.ppid} ${parentStart} another-host ${boot}`,
        `${process.ppid} ${parentStart} ${hostname()} 00000000-0000-0000-0000-000000000000`,
      ]) {
        await writeFile(lock, elsewhere);
        const handle = await createDb({ kind: 'pglite', dataDir });
        expect(await readFile(lock, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
        await handle.close();
      }
    },
  );
});
