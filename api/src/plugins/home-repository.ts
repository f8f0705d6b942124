import {
  type ClientLogo,
  type ClientLogoInput,
  HOME_KIND,
  type HomeTexts,
  type HomeTextsItem,
  type PublicHome,
} from '@agency/core/content';
import type { Language } from '@agency/core/language';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { clientLogos, homeTexts } from '../db/schema';
import { createListStore, type ListRepository, type VersionedResult } from '../lib/content-repository';

/**
 * The home page's content: its texts (one object per language, versioned by `updated_at`) and its client
 * logos, a list kind on the shared parts (lib/content-repository.ts) with one list per language.
 */
export interface HomeRepository {
  /** The texts in `language` with their version, or null when the language has no row (never seeded). */
  texts(language: Language): Promise<HomeTextsItem | null>;
  /** Writes the texts only when their row is still at `version`: saved, conflict (now) or null (no row). */
  updateTexts(language: Language, texts: HomeTexts, version: Date): Promise<VersionedResult<HomeTextsItem>>;
  /**
   * The public read's own part: the texts and the visible logos in order (null when the language has no texts);
   * the read adds the portfolio's first projects (lib/public-reads.ts homeRead).
   */
  publicHome(language: Language): Promise<Omit<PublicHome, 'projects'> | null>;
  logos: ListRepository<ClientLogo, ClientLogoInput, null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    homeRepository: HomeRepository;
  }
}

/** The kind's fields of a stored object, in the definition's order (a field added later reads as empty). */
function textsOf(stored: Record<string, string>): HomeTexts {
  const texts = {} as HomeTexts;
  for (const name of Object.keys(HOME_KIND.fields) as (keyof HomeTexts)[]) texts[name] = stored[name] ?? '';
  return texts;
}

export function createHomeRepository(db: Database): HomeRepository {
  const twin = alias(clientLogos, 'twin');
  const store = createListStore(db, clientLogos, 'client_logo_translation_groups');
  const scope = (language: Language) => eq(clientLogos.language, language);

  function selectLogos(where: ReturnType<typeof and>) {
    return db
      .select({
        id: clientLogos.id,
        language: clientLogos.language,
        translationId: twin.id,
        position: clientLogos.sortOrder,
        updatedAt: clientLogos.updatedAt,
        name: clientLogos.name,
        image: clientLogos.image,
        hidden: clientLogos.hidden,
      })
      .from(clientLogos)
      .leftJoin(
        twin,
        and(eq(twin.translationGroup, clientLogos.translationGroup), ne(twin.language, clientLogos.language)),
      )
      .where(where)
      .orderBy(asc(clientLogos.sortOrder), asc(clientLogos.id));
  }

  type Selected = Awaited<ReturnType<typeof selectLogos>>[number];
  const toLogo = (row: Selected): ClientLogo => ({
    id: row.id,
    language: row.language,
    translation_id: row.translationId ?? null,
    position: row.position,
    version: row.updatedAt.toISOString(),
    name: row.name,
    image: row.image,
    hidden: row.hidden,
  });

  async function find(id: number): Promise<ClientLogo | null> {
    const [row] = await selectLogos(and(eq(clientLogos.id, id)));
    return row ? toLogo(row) : null;
  }

  async function texts(language: Language): Promise<HomeTextsItem | null> {
    const [row] = await db.select().from(homeTexts).where(eq(homeTexts.language, language));
    return row ? { ...textsOf(row.texts), language, version: row.updatedAt.toISOString() } : null;
  }

  const logos: HomeRepository['logos'] = {
    async items(language) {
      return (await selectLogos(and(scope(language)))).map(toLogo);
    },
    find,
    async create(values, translationOf) {
      const id = await db.transaction(async (tx) => {
        const group = await store.linkTranslation(tx, translationOf, values.language);
        const [row] = await tx
          .insert(clientLogos)
          .values({
            language: values.language,
            translationGroup: group,
            name: values.name,
            image: values.image,
            hidden: values.hidden,
            sortOrder: await store.nextPosition(tx, scope(values.language)),
          })
          .returning({ id: clientLogos.id });
        if (!row) throw new Error('Inserting a client logo returned no row');
        return row.id;
      });
      const created = await find(id);
      if (!created) throw new Error('A new client logo could not be read back');
      return created;
    },
    update: (id, values, version) =>
      store.update(id, { name: values.name, image: values.image, hidden: values.hidden }, version, find),
    async reorder(language, _scope, ids) {
      if (!(await store.reorder(scope(language), ids))) return null;
      return (await selectLogos(and(scope(language)))).map(toLogo);
    },
    remove: (id) => store.remove(id, find),
  };

  return {
    texts,
    async updateTexts(language, values, version) {
      const [row] = await db
        .update(homeTexts)
        .set({
          texts: textsOf(values),
          updatedAt: sql`greatest(now(), ${homeTexts.updatedAt} + interval '1 millisecond')`,
        })
        .where(and(eq(homeTexts.language, language), eq(homeTexts.updatedAt, version)))
        .returning({ language: homeTexts.language });
      const current = await texts(language);
      if (!current) return null;
      return row ? { saved: current } : { conflict: current };
    },
    async publicHome(language) {
      const [current, rows] = await Promise.all([
        texts(language),
        selectLogos(and(scope(language), eq(clientLogos.hidden, false))),
      ]);
      if (!current) return null;
      const { language: _language, version: _version, ...own } = current;
      return {
        language,
        texts: own,
        logos: rows.map((row) => ({ id: row.id, name: row.name, image: row.image })),
      };
    },
    logos,
  };
}

export const homeRepositoryPlugin = fp(
  async (app) => {
    app.decorate('homeRepository', createHomeRepository(app.db));
  },
  { name: 'home-repository', dependencies: ['db'] },
);
