import type { EditableSection, EditableService } from '@agency/core/content';
import { LANGUAGES, type Language } from '@agency/core/language';
import type { Service, ServiceSection, ServiceSummary } from '@agency/core/types';
import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import {
  serviceOldSlugs,
  serviceSections,
  serviceSectionTranslations,
  services,
  serviceTranslations,
} from '../db/schema';
import { uniqueViolation } from './posts-repository';

/** A service's own values in one language, as a write takes them (checked by core's validateService). */
export interface ServiceValues {
  /** The page's address (`/services/{slug}`). */
  slug: string;
  name: string;
  description: string;
  image_path: string;
  image_alt: string;
  hidden: boolean;
  /** The sections in order; absent: left as they are. */
  sections?: EditableSection[];
}

/**
 * A write refused because of what it names (422): a key or an address another service has, or a section of
 * another service.
 */
export class ServiceWriteError extends Error {
  constructor(
    readonly field: string,
    readonly key: 'key_taken' | 'slug_taken' | 'invalid_choice',
  ) {
    super(`${field}: ${key}`);
  }
}

export type ServiceUpdate = { saved: EditableService } | { conflict: EditableService } | null;

export interface ServicesRepository {
  /** Every visible service translated into `language`, in display order, without its sections. */
  list(language: Language): Promise<ServiceSummary[]>;
  /** One visible service by its page's address, or null (hidden: a draft page, 404 for the public). */
  findBySlug(slug: string, language: Language): Promise<Service | null>;
  /**
   * The current address of the service that had `slug` before an editor changed it, or null. `visibleOnly`:
   * only a visible service's (the public's read); an editor's finds hidden ones too.
   */
  movedTo(slug: string, visibleOnly: boolean): Promise<string | null>;
  /** Whether a visible service has this key (the contact form's choice). */
  exists(key: string): Promise<boolean>;
  /** A visible service's name in each language it has (kept with a contact message), or null. */
  names(key: string): Promise<Partial<Record<Language, string>> | null>;
  /** Every service, hidden ones included, as the editor lists them (without sections), in `language`. */
  editorList(language: Language): Promise<EditableService[]>;
  /**
   * One service by its page's address, as the editor changes it in `language` (empty texts where it has none
   * yet), or null.
   */
  editorFind(slug: string, language: Language): Promise<EditableService | null>;
  /** A new service, last in the list, written in `language`. ServiceWriteError `key_taken`, `slug_taken`. */
  create(key: string, language: Language, values: ServiceValues): Promise<EditableService>;
  /**
   * Writes the service at address `slug` only when it is still at `version`: otherwise the current one (409),
   * or null (gone). A new address keeps the old one as the service's (ServiceWriteError `slug_taken` when
   * another service has it).
   */
  update(slug: string, language: Language, values: ServiceValues, version: Date): Promise<ServiceUpdate>;
  /** Puts every service in the order of `ids` (each once); null when they are not exactly the services. */
  reorder(ids: number[], language: Language): Promise<EditableService[] | null>;
  /** Deletes the service at address `slug` with its sections in both languages. Whether there was one. */
  remove(slug: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    servicesRepository: ServicesRepository;
  }
}

/** Gap between neighbours' sort orders, so that a new service goes last without renumbering. */
const STEP = 10;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Keeps the address history in step with a write, in its transaction (as a post's slugs, posts-repository.ts):
 * the address now in use is nobody's old one (a service that takes over another's old address wins, and
 * changing back to an address cannot loop), and an address left behind points to its service. Old addresses
 * that pointed to `before` point straight to the new one already: they name the service, not an address.
 */
async function recordSlug(tx: Transaction, serviceId: number, slug: string, before?: string) {
  await tx.delete(serviceOldSlugs).where(eq(serviceOldSlugs.slug, slug));
  if (before === undefined || before === slug) return;
  await tx
    .insert(serviceOldSlugs)
    .values({ slug: before, serviceId })
    .onConflictDoUpdate({ target: serviceOldSlugs.slug, set: { serviceId, createdAt: sql`now()` } });
}

/** Whether another service than `exceptId` has `slug` as its address. */
async function slugTaken(tx: Transaction, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: services.id }).from(services).where(eq(services.slug, slug)).limit(1);
  return row !== undefined && row.id !== exceptId;
}

/** Two editors taking one address at once: the second meets the unique index, as a taken address. */
function takenError(err: unknown): unknown {
  const index = uniqueViolation(err);
  if (index === null) return err;
  return index.includes('slug')
    ? new ServiceWriteError('slug', 'slug_taken')
    : new ServiceWriteError('key', 'key_taken');
}

/**
 * The public reads give the translated services in one query and a service's translated sections in a second;
 * a service or section without a translation in the language asked for is left out rather than shown half in
 * another language, and so is a hidden service. The editor's reads give every service, and each section with
 * empty texts where it has none in that language yet (the form translates it).
 */
export function createServicesRepository(db: Database): ServicesRepository {
  async function summaries(language: Language, slug?: string): Promise<ServiceSummary[]> {
    const rows = await db
      .select({
        id: services.id,
        key: services.key,
        slug: services.slug,
        imagePath: services.imagePath,
        name: serviceTranslations.name,
        description: serviceTranslations.description,
        imageAlt: serviceTranslations.imageAlt,
      })
      .from(services)
      .innerJoin(
        serviceTranslations,
        and(eq(serviceTranslations.serviceId, services.id), eq(serviceTranslations.language, language)),
      )
      .where(and(eq(services.hidden, false), slug === undefined ? undefined : eq(services.slug, slug)))
      .orderBy(asc(services.sortOrder), asc(services.id));
    return rows.map((row) => ({
      id: row.id,
      key: row.key,
      slug: row.slug,
      name: row.name,
      description: row.description,
      image_path: row.imagePath,
      image_alt: row.imageAlt,
    }));
  }

  async function sectionsOf(
    language: Language,
    serviceIds: number[],
    editor: boolean,
  ): Promise<Map<number, ServiceSection[]>> {
    const byService = new Map<number, ServiceSection[]>();
    if (serviceIds.length === 0) return byService;
    const joined = and(
      eq(serviceSectionTranslations.sectionId, serviceSections.id),
      eq(serviceSectionTranslations.language, language),
    );
    const select = db
      .select({
        id: serviceSections.id,
        serviceId: serviceSections.serviceId,
        type: serviceSections.type,
        layout: serviceSections.layout,
        data: serviceSectionTranslations.data,
      })
      .from(serviceSections);
    const rows = await (editor
      ? select.leftJoin(serviceSectionTranslations, joined)
      : select.innerJoin(serviceSectionTranslations, joined)
    )
      .where(inArray(serviceSections.serviceId, serviceIds))
      .orderBy(asc(serviceSections.serviceId), asc(serviceSections.sortOrder), asc(serviceSections.id));
    for (const row of rows) {
      const data = row.data ?? { title: '', description: '', items: [] };
      const section: ServiceSection =
        row.type === 'hero'
          ? { id: row.id, type: 'hero', data: { title: data.title, description: data.description } }
          : {
              id: row.id,
              type: 'content',
              // The table's check constraint guarantees a layout on content sections.
              data: {
                title: data.title,
                description: data.description,
                items: data.items,
                layout: row.layout ?? 'left',
              },
            };
      const list = byService.get(row.serviceId) ?? [];
      list.push(section);
      byService.set(row.serviceId, list);
    }
    return byService;
  }

  /** The editor's view of services (all of them, or one address), with sections when `withSections`. */
  async function editorRows(language: Language, slug: string | undefined, withSections: boolean) {
    const rows = await db
      .select({
        id: services.id,
        key: services.key,
        slug: services.slug,
        imagePath: services.imagePath,
        position: services.sortOrder,
        hidden: services.hidden,
        updatedAt: services.updatedAt,
        languages: sql<
          Language[]
        >`coalesce((select array_agg(t.language::text order by t.language) from ${serviceTranslations} t where t.service_id = ${services.id}), '{}')`,
        name: serviceTranslations.name,
        description: serviceTranslations.description,
        imageAlt: serviceTranslations.imageAlt,
      })
      .from(services)
      .leftJoin(
        serviceTranslations,
        and(eq(serviceTranslations.serviceId, services.id), eq(serviceTranslations.language, language)),
      )
      .where(slug === undefined ? undefined : eq(services.slug, slug))
      .orderBy(asc(services.sortOrder), asc(services.id));
    const sections = withSections
      ? await sectionsOf(
          language,
          rows.map((r) => r.id),
          true,
        )
      : new Map<number, ServiceSection[]>();
    return rows.map(
      (row): EditableService => ({
        id: row.id,
        key: row.key,
        slug: row.slug,
        language,
        version: row.updatedAt.toISOString(),
        position: row.position,
        name: row.name ?? '',
        description: row.description ?? '',
        image_path: row.imagePath,
        image_alt: row.imageAlt ?? '',
        hidden: row.hidden,
        translated: row.name !== null,
        languages: LANGUAGES.filter((l) => (row.languages ?? []).includes(l)),
        sections: sections.get(row.id) ?? [],
      }),
    );
  }

  async function editorFind(slug: string, language: Language): Promise<EditableService | null> {
    const [service] = await editorRows(language, slug, true);
    return service ?? null;
  }

  /** Writes the service's texts in `language` and, when given, its sections (their order, layout and texts). */
  async function writeContent(tx: Transaction, serviceId: number, language: Language, values: ServiceValues) {
    await tx
      .insert(serviceTranslations)
      .values({
        serviceId,
        language,
        name: values.name,
        description: values.description,
        imageAlt: values.image_alt,
      })
      .onConflictDoUpdate({
        target: [serviceTranslations.serviceId, serviceTranslations.language],
        set: { name: values.name, description: values.description, imageAlt: values.image_alt },
      });
    if (!values.sections) return;
    const existing = await tx
      .select({ id: serviceSections.id, type: serviceSections.type })
      .from(serviceSections)
      .where(eq(serviceSections.serviceId, serviceId))
      .for('update');
    const typeOf = new Map(existing.map((row) => [row.id, row.type]));
    const kept = values.sections.flatMap((s) => (s.id ? [s.id] : []));
    // A section of another service, one named twice, or one whose type changed: the form never sends these.
    values.sections.forEach((section, index) => {
      if (section.id && typeOf.get(section.id) !== section.type)
        throw new ServiceWriteError(`sections.${index}.id`, 'invalid_choice');
    });
    if (new Set(kept).size !== kept.length) throw new ServiceWriteError('sections', 'invalid_choice');
    // Sections the editor removed go in both languages (their translations cascade).
    await tx
      .delete(serviceSections)
      .where(
        and(
          eq(serviceSections.serviceId, serviceId),
          kept.length > 0 ? notInArray(serviceSections.id, kept) : undefined,
        ),
      );
    for (const [index, section] of values.sections.entries()) {
      const layout = section.type === 'content' ? section.data.layout : null;
      const sortOrder = (index + 1) * STEP;
      let id = section.id ?? null;
      if (id) await tx.update(serviceSections).set({ layout, sortOrder }).where(eq(serviceSections.id, id));
      else {
        const [row] = await tx
          .insert(serviceSections)
          .values({ serviceId, type: section.type, layout, sortOrder })
          .returning({ id: serviceSections.id });
        id = row?.id ?? null;
        if (id === null) throw new Error('Inserting a service section returned no row');
      }
      const data = {
        title: section.data.title,
        description: section.data.description,
        items: section.type === 'content' ? section.data.items : [],
      };
      await tx
        .insert(serviceSectionTranslations)
        .values({ sectionId: id, language, data })
        .onConflictDoUpdate({
          target: [serviceSectionTranslations.sectionId, serviceSectionTranslations.language],
          set: { data },
        });
    }
  }

  return {
    list: (language) => summaries(language),
    async findBySlug(slug, language) {
      const [summary] = await summaries(language, slug);
      if (!summary) return null;
      const sections = await sectionsOf(language, [summary.id], false);
      return { ...summary, sections: sections.get(summary.id) ?? [] };
    },
    async movedTo(slug, visibleOnly) {
      const [row] = await db
        .select({ slug: services.slug })
        .from(serviceOldSlugs)
        .innerJoin(services, eq(services.id, serviceOldSlugs.serviceId))
        .where(and(eq(serviceOldSlugs.slug, slug), visibleOnly ? eq(services.hidden, false) : undefined))
        .limit(1);
      return row?.slug ?? null;
    },
    async exists(key) {
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.key, key), eq(services.hidden, false)))
        .limit(1);
      return row !== undefined;
    },
    async names(key) {
      const rows = await db
        .select({ language: serviceTranslations.language, name: serviceTranslations.name })
        .from(services)
        .innerJoin(serviceTranslations, eq(serviceTranslations.serviceId, services.id))
        .where(and(eq(services.key, key), eq(services.hidden, false)));
      if (rows.length === 0) return null;
      return Object.fromEntries(rows.map((row) => [row.language, row.name]));
    },
    editorList: (language) => editorRows(language, undefined, false),
    editorFind,
    async create(key, language, values) {
      try {
        await db.transaction(async (tx) => {
          const [taken] = await tx.select({ id: services.id }).from(services).where(eq(services.key, key));
          if (taken) throw new ServiceWriteError('key', 'key_taken');
          if (await slugTaken(tx, values.slug)) throw new ServiceWriteError('slug', 'slug_taken');
          const [last] = await tx.select({ n: max(services.sortOrder) }).from(services);
          const [row] = await tx
            .insert(services)
            .values({
              key,
              slug: values.slug,
              imagePath: values.image_path,
              hidden: values.hidden,
              sortOrder: (last?.n ?? 0) + STEP,
            })
            .returning({ id: services.id });
          if (!row) throw new Error('Inserting a service returned no row');
          // An old address of another service that this one now has: it leads here from now on.
          await recordSlug(tx, row.id, values.slug);
          await writeContent(tx, row.id, language, { ...values, sections: values.sections ?? [] });
        });
      } catch (err) {
        throw takenError(err);
      }
      const created = await editorFind(values.slug, language);
      if (!created) throw new Error('A new service could not be read back');
      return created;
    },
    async update(slug, language, values, version) {
      let saved: boolean;
      try {
        saved = await db.transaction(async (tx) => {
          const [service] = await tx
            .select({ id: services.id })
            .from(services)
            .where(eq(services.slug, slug));
          if (!service) return false;
          if (values.slug !== slug && (await slugTaken(tx, values.slug, service.id)))
            throw new ServiceWriteError('slug', 'slug_taken');
          // The version check and the write together: two editors saving at once cannot both win.
          const [row] = await tx
            .update(services)
            .set({
              slug: values.slug,
              imagePath: values.image_path,
              hidden: values.hidden,
              updatedAt: sql`greatest(now(), ${services.updatedAt} + interval '1 millisecond')`,
            })
            .where(and(eq(services.id, service.id), eq(services.updatedAt, version)))
            .returning({ id: services.id });
          if (!row) return false;
          await recordSlug(tx, row.id, values.slug, slug);
          await writeContent(tx, row.id, language, values);
          return true;
        });
      } catch (err) {
        throw takenError(err);
      }
      const current = await editorFind(saved ? values.slug : slug, language);
      if (!current) return null;
      return saved ? { saved: current } : { conflict: current };
    },
    async reorder(ids, language) {
      const done = await db.transaction(async (tx) => {
        const rows = await tx.select({ id: services.id }).from(services).for('update');
        const known = new Set(rows.map((r) => r.id));
        if (rows.length !== ids.length || !ids.every((id) => known.has(id))) return false;
        await tx
          .update(services)
          .set({
            sortOrder: sql`(array_position(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}, ${services.id})) * ${STEP}`,
          })
          .where(inArray(services.id, ids));
        return true;
      });
      return done ? editorRows(language, undefined, false) : null;
    },
    async remove(slug) {
      const rows = await db.delete(services).where(eq(services.slug, slug)).returning({ id: services.id });
      return rows.length > 0;
    },
  };
}

export const servicesRepositoryPlugin = fp(
  async (app) => {
    app.decorate('servicesRepository', createServicesRepository(app.db));
  },
  { name: 'services-repository', dependencies: ['db'] },
);
