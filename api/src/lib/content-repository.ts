import type { Language } from '@agency/core/language';
import { and, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * The repository parts every list kind of editable content repeats (the FAQ's items, pricing plans, and the
 * portfolio and client logos next), written once over a table that has the columns every such kind has:
 * `id`, `language`, `translation_group` (items that translate each other share one, numbered from the kind's
 * own sequence), `sort_order` and `updated_at`. A kind's repository keeps only what is its own (its fields,
 * its scopes such as FAQ categories, its public shape) and calls these. See docs/architecture.md
 * ("Editable content").
 */

/** A create refused because of its translation link (422 on `translation_of`). */
export class ContentTranslationError extends Error {
  constructor(readonly key: 'translation_invalid' | 'translation_taken') {
    super(key);
  }
}

/** A write refused because of one field's value that only the database can judge (422 on that field). */
export class ContentFieldError extends Error {
  constructor(
    readonly field: string,
    readonly key: 'slug_taken' | 'required',
  ) {
    super(key);
  }
}

/** The columns every list kind's table has, under these property names. */
export interface ListColumns {
  id: AnyPgColumn;
  language: AnyPgColumn;
  translationGroup: AnyPgColumn;
  sortOrder: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

export type ListTable = PgTable & ListColumns;

/** What a versioned change gives: the item saved, the item as it is now (409), or null when it is gone. */
export type VersionedResult<Item> = { saved: Item } | { conflict: Item } | null;

/** The list repository every list kind offers to the generic routes (lib/content-routes.ts). */
export interface ListRepository<Item, Input, Scope> {
  /** Every item in `language`, hidden ones included (the editor's list), in list order. */
  items(language: Language): Promise<Item[]>;
  find(id: number): Promise<Item | null>;
  /** A new item at the end of its scope; linked to `translationOf` (an item in the other language) when given. */
  create(values: Input & { language: Language }, translationOf: number | null): Promise<Item>;
  /** Writes only when the item is still at `version`: otherwise the current item (409), or null (gone). */
  update(id: number, values: Input, version: Date): Promise<VersionedResult<Item>>;
  /** Puts a scope's items in `language` in the order of `ids`, which must name each of them once. */
  reorder(language: Language, scope: Scope, ids: number[]): Promise<Item[] | null>;
  /** Deletes one item; its translation stays. The deleted item, or null. */
  remove(id: number): Promise<Item | null>;
}

/** Gap between neighbours' sort orders, so that a new item goes at the end without renumbering. */
export const POSITION_STEP = 10;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Runner = Database | Tx;

export interface ListStore {
  /**
   * In a create's transaction: the translation group the new item in `language` joins as the translation of
   * `translationOf` (null when it translates nothing). The original gets a group from the kind's sequence
   * when it had none. Throws ContentTranslationError when the original is missing or in the same language,
   * or when its group already has an item in `language`.
   */
  linkTranslation(tx: Tx, translationOf: number | null, language: Language): Promise<number | null>;
  /** In a create's transaction: the sort order that puts a new item at the end of `scope`. */
  nextPosition(tx: Tx, scope: SQL | undefined): Promise<number>;
  /**
   * Writes `values` to item `id` only when its `updated_at` is still `version`, in one statement (two
   * editors saving at once cannot both win), moving `updated_at` on by at least a millisecond. Then reads the
   * item back with `find`: saved, conflict (the item as it is now) or null (gone).
   */
  update<Item>(
    id: number,
    values: Record<string, unknown>,
    version: Date,
    find: (id: number) => Promise<Item | null>,
  ): Promise<VersionedResult<Item>>;
  /**
   * Renumbers the items of `scope` in the order of `ids` in one statement, when `ids` names each item of the
   * scope once (locked while checked); false otherwise (another editor added or deleted one).
   */
  reorder(scope: SQL | undefined, ids: number[]): Promise<boolean>;
  /** Deletes item `id`: the item as it was (read with `find`), or null when there was none. */
  remove<Item>(id: number, find: (id: number) => Promise<Item | null>): Promise<Item | null>;
}

/**
 * The shared parts over one kind's table. `translationSequence` names the sequence its translation groups
 * come from (e.g. `faq_translation_groups`).
 */
export function createListStore(db: Database, table: ListTable, translationSequence: string): ListStore {
  // Drizzle's builders are typed per table; these parts use only the shared columns above.
  const t = table as PgTable & ListColumns;
  const nextGroup = sql`nextval(${sql.raw(`'${translationSequence.replace(/'/g, "''")}'`)})`;

  async function nextPosition(runner: Runner, scope: SQL | undefined): Promise<number> {
    const [last] = await runner
      .select({ n: max(t.sortOrder) })
      .from(t)
      .where(scope);
    return (Number(last?.n ?? 0) || 0) + POSITION_STEP;
  }

  return {
    async linkTranslation(tx, translationOf, language) {
      if (translationOf === null) return null;
      const [original] = await tx
        .select({ language: t.language, group: t.translationGroup })
        .from(t)
        .where(eq(t.id, translationOf))
        .for('update');
      if (!original || original.language === language)
        throw new ContentTranslationError('translation_invalid');
      const group = original.group as number | null;
      if (group === null) {
        const [linked] = await tx
          .update(t)
          .set({ translationGroup: nextGroup } as never)
          .where(eq(t.id, translationOf))
          .returning({ group: t.translationGroup });
        return (linked?.group as number | undefined) ?? null;
      }
      const [taken] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.translationGroup, group), eq(t.language, language)));
      if (taken) throw new ContentTranslationError('translation_taken');
      return group;
    },
    nextPosition,
    async update(id, values, version, find) {
      const [row] = await db
        .update(t)
        .set({
          ...values,
          updatedAt: sql`greatest(now(), ${t.updatedAt} + interval '1 millisecond')`,
        } as never)
        .where(and(eq(t.id, id), eq(t.updatedAt, version)))
        .returning({ id: t.id });
      const current = await find(id);
      if (!current) return null;
      return row ? { saved: current } : { conflict: current };
    },
    async reorder(scope, ids) {
      return db.transaction(async (tx) => {
        const rows = await tx.select({ id: t.id }).from(t).where(scope).for('update');
        const known = new Set(rows.map((r) => r.id as number));
        if (rows.length !== ids.length || !ids.every((id) => known.has(id))) return false;
        // One statement: the new position of each id from its place in the list (ids are checked integers).
        await tx
          .update(t)
          .set({
            sortOrder: sql`(array_position(${sql.raw(`ARRAY[${ids.map((id) => Math.trunc(id)).join(',')}]::int[]`)}, ${t.id})) * ${POSITION_STEP}`,
          } as never)
          .where(inArray(t.id, ids));
        return true;
      });
    },
    async remove(id, find) {
      const current = await find(id);
      if (!current) return null;
      const [row] = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return row ? current : null;
    },
  };
}
