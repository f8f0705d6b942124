import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths';
import { makeTempDir } from '../test/app';
import { newPglite } from '../test/databases';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

async function readJournal(dir: string): Promise<Journal> {
  return JSON.parse(await readFile(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** A copy of the migrations folder holding only the first `upTo` + 1 migrations, optionally re-dated. */
async function partialFolder(upTo: number, when: Record<number, number> = {}): Promise<string> {
  const dir = await makeTempDir('agency-migrations-');
  await cp(migrationsDir, dir, { recursive: true });
  const journal = await readJournal(dir);
  journal.entries = journal.entries
    .filter((entry) => entry.idx <= upTo)
    .map((entry) => ({ ...entry, when: when[entry.idx] ?? entry.when }));
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  folders.push(dir);
  return dir;
}

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function columns(client: PGlite, table: string): Promise<string[]> {
  const result = await client.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name',
    [table],
  );
  return result.rows.map((row) => row.column_name);
}

describe('migrations', () => {
  // drizzle applies only the migrations dated after the newest one a database has run: a migration dated
  // before an earlier one is never applied to a database that already ran that one.
  it('are dated in the order they run', async () => {
    const { entries } = await readJournal(migrationsDir);
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i]?.when, entries[i]?.tag).toBeGreaterThan(entries[i - 1]?.when ?? 0);
    }
  });

  it('bring a database made by an earlier release up to date', async () => {
    const client = await newPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await partialFolder(3) });
      expect(await columns(client, 'posts')).not.toContain('translation_group');
      await migrate(db, { migrationsFolder: migrationsDir });
      expect(await columns(client, 'posts')).toContain('translation_group');
      expect(await columns(client, 'sessions')).toEqual(expect.arrayContaining(['handle', 'user_agent']));
    } finally {
      await client.close();
    }
  });

  it('bring up to date a database that ran migration 0004 under its first, earlier date', async () => {
    const client = await newPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await partialFolder(4, { 4: 1795493953326 }) });
      expect(await columns(client, 'posts')).toContain('translation_group');
      await migrate(db, { migrationsFolder: migrationsDir });
      expect(await columns(client, 'sessions')).toEqual(expect.arrayContaining(['handle', 'user_agent']));
      // And again: nothing left to do.
      await migrate(db, { migrationsFolder: migrationsDir });
    } finally {
      await client.close();
    }
  });

  it('make the accounts that existed administrators and the first one the owner (0019)', async () => {
    const client = await newPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await partialFolder(18) });
      await client.exec(`
        INSERT INTO users (id, email, name, password_hash) VALUES
          (7, 'second@example.com', 'Second', 'x'), (3, 'first@example.com', 'First', 'x'),
          (9, 'third@example.com', 'Third', 'x');`);
      await migrate(db, { migrationsFolder: migrationsDir });
      const rows = await client.query<{ id: number; role: string; active: boolean }>(
        'SELECT id, role, active FROM users ORDER BY id',
      );
      expect(rows.rows).toEqual([
        { id: 3, role: 'owner', active: true },
        { id: 7, role: 'administrator', active: true },
        { id: 9, role: 'administrator', active: true },
      ]);
      expect(await columns(client, 'posts')).toContain('author_id');
      // Exactly one owner: a second is refused by the database itself.
      await expect(client.query("UPDATE users SET role = 'owner' WHERE id = 7")).rejects.toThrow();
    } finally {
      await client.close();
    }
  });

  it('give messages stored before the inbox existed the status new', async () => {
    const client = await newPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await partialFolder(5) });
      expect(await columns(client, 'contact_messages')).not.toContain('status');
      await client.query(
        `INSERT INTO contact_messages (name, country_code, phone, email, service, message, mail_status)
         VALUES ('Layla', '+971', '501234567', 'layla@example.com', 'seo', 'An older message.', 'disabled')`,
      );
      await migrate(db, { migrationsFolder: migrationsDir });
      const rows = await client.query<{ status: string }>('SELECT status FROM contact_messages');
      expect(rows.rows).toEqual([{ status: 'new' }]);
    } finally {
      await client.close();
    }
  });

  it('give each message its plan’s names in both languages (0018), keeping a gone plan’s under its language', async () => {
    const client = await newPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await partialFolder(16) });
      await client.exec(`
        INSERT INTO pricing_categories (id, key, sort_order) VALUES (1, 'seo', 10);
        INSERT INTO pricing_plans (category_id, language, key, name, description, sort_order) VALUES
          (1, 'en', 'starter', 'Starter', '', 10), (1, 'ar', 'starter', 'الأساسية', '', 10);
        INSERT INTO contact_messages
          (name, country_code, phone, email, service, plan, plan_name, message, mail_status) VALUES
          ('A', '+44', '+447911123456', 'a@example.com', 'seo', 'starter', 'Starter', 'Still there.', 'disabled'),
          ('B', '+44', '+447911123456', 'b@example.com', 'seo', 'gold', 'الذهبية', 'Gone, Arabic.', 'disabled'),
          ('C', '+44', '+447911123456', 'c@example.com', 'branding', 'starter', 'Old', 'Gone, English.', 'disabled'),
          ('D', '+44', '+447911123456', 'd@example.com', 'seo', '', '', 'No plan.', 'disabled');
      `);
      await migrate(db, { migrationsFolder: migrationsDir });
      const rows = await client.query<{ name: string; plan_name: unknown }>(
        'SELECT name, plan_name FROM contact_messages ORDER BY name',
      );
      expect(rows.rows).toEqual([
        { name: 'A', plan_name: { en: 'Starter', ar: 'الأساسية' } },
        { name: 'B', plan_name: { ar: 'الذهبية' } },
        // Its service has no `starter` plan: the name it kept stays, under the language it is written in.
        { name: 'C', plan_name: { en: 'Old' } },
        { name: 'D', plan_name: {} },
      ]);
      expect(await columns(client, 'faq_categories')).toContain('updated_at');
      expect(await columns(client, 'pricing_categories')).toContain('updated_at');
    } finally {
      await client.close();
    }
  });

  it('give each post that existed its current state as its first revision (0025)', async () => {
    const client = await newPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await partialFolder(23) });
      await client.exec(`
        INSERT INTO posts (slug, title, status, description, content, language, published_at, seo_title,
          seo_description, updated_at) VALUES
          ('older', 'Older', 'published', 'D', '<p>Text</p>', 'en', '2026-01-01', 'S', 'SD', '2026-02-03T04:05:06.789Z');`);
      await migrate(db, { migrationsFolder: migrationsDir });
      const rows = await client.query<{ title: string; content: string; created_at: Date }>(
        'SELECT r.title, r.content, r.created_at FROM post_revisions r JOIN posts p ON p.id = r.post_id',
      );
      expect(rows.rows).toEqual([
        { title: 'Older', content: '<p>Text</p>', created_at: new Date('2026-02-03T04:05:06.789Z') },
      ]);
    } finally {
      await client.close();
    }
  });
});
