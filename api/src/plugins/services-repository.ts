import type { EditableSection, EditableService } from '@agency/core/content';
import { LANGUAGES, type Language } from '@agency/core/language';
import type { Service, ServiceSection, ServiceSummary } from '@agency/core/types';
import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { serviceSections, serviceSectionTranslations, services, serviceTranslations } from '../db/schema';

/** A service's own values in one language, as a write takes them (checked by core's validateService). */
export interface ServiceValues {
  name: string;
  description: string;
  image_path: string;
  image_alt: string;
  hidden: boolean;
  /** The sections in order; absent: left as they are. */
  sections?: EditableSection[];
}

/** A write refused because of what it names (422): a key in use, or a section of another service. */
export class ServiceWriteError extends Error {
  constructor(
    readonly field: string,
    readonly key: 'key_taken' | 'invalid_choice',
  ) {
    super(`${field}: ${key}`);
  }
}

export type ServiceUpdate = { saved: EditableService } | { conflict: EditableService } | null;

export interface ServicesRepository {
  /** Every visible service translated into `language`, in display order, without its sections. */
  list(language: Language): Promise<ServiceSummary[]>;
  /** One visible service by its key, or null (hidden: a draft page, 404 for the public). */
  findByKey(key: string, language: Language): Promise<Service | null>;
  /** Whether a visible service has this key (the contact form's choice). */
  exists(key: string): Promise<boolean>;
  /** A visible service's name in each language it has (kept with a contact message), or null. */
  names(key: string): Promise<Partial<Record<Language, string>> | null>;
  /** Every service, hidden ones included, as the editor lists them (without sections), in `language`. */
  editorList(language: Language): Promise<EditableService[]>;
  /** One service as the editor changes it in `language` (empty texts where it has none yet), or null. */
  editorFind(key: string, language: Language): Promise<EditableService | null>;
  /** A new service, last in the list, written in `language`. ServiceWriteError `key_taken`. */
  create(key: string, language: Language, values: ServiceValues): Promise<EditableService>;
  /** Writes only when the service is still at `version`: otherwise the current one (409), or null (gone). */
  update(key: string, language: Language, values: ServiceValues, version: Date): Promise<ServiceUpdate>;
  /** Puts every service in the order of `ids` (each once); null when they are not exactly the services. */
  reorder(ids: number[], language: Language): Promise<EditableService[] | null>;
  /** Deletes a service with its sections in both languages. Whether there was one. */
  remove(key: string): Promise<boolean>;
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
 * The public reads give the translated services in one query and a service's translated sections in a second;
 * a service or section without a translation in the language asked for is left out rather than shown half in
 * another language, and so is a hidden service. The editor's reads give every service, and each section with
 * empty texts where it has none in that language yet (the form translates it).
 */
export function createServicesRepository(db: Database): ServicesRepository {
  async function summaries(language: Language, key?: string): Promise<ServiceSummary[]> {
    const rows = await db
      .select({
        id: services.id,
        key: services.key,
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
      .where(and(eq(services.hidden, false), key === undefined ? undefined : eq(services.key, key)))
      .orderBy(asc(services.sortOrder), asc(services.id));
    return rows.map((row) => ({
      id: row.id,
      key: row.key,
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

  /** The editor's view of services (all of them, or one key), with sections when `withSections`. */
  async function editorRows(language: Language, key: string | undefined, withSections: boolean) {
    const rows = await db
      .select({
        id: services.id,
        key: services.key,
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
      .where(key === undefined ? undefined : eq(services.key, key))
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

  async function editorFind(key: string, language: Language): Promise<EditableService | null> {
    const [service] = await editorRows(language, key, true);
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
    async findByKey(key, language) {
      const [summary] = await summaries(language, key);
      if (!summary) return null;
      const sections = await sectionsOf(language, [summary.id], false);
      return { ...summary, sections: sections.get(summary.id) ?? [] };
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
      await db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: services.id }).from(services).where(eq(services.key, key));
        if (taken) throw new ServiceWriteError('key', 'key_taken');
        const [last] = await tx.select({ n: max(services.sortOrder) }).from(services);
        const [row] = await tx
          .insert(services)
          .values({
            key,
            imagePath: values.image_path,
            hidden: values.hidden,
            sortOrder: (last?.n ?? 0) + STEP,
          })
          // Two editors creating the same key at once: the second meets the unique key, as a taken one.
          .onConflictDoNothing({ target: services.key })
          .returning({ id: services.id });
        if (!row) throw new ServiceWriteError('key', 'key_taken');
        await writeContent(tx, row.id, language, { ...values, sections: values.sections ?? [] });
      });
      const created = await editorFind(key, language);
      if (!created) throw new Error('A new service could not be read back');
      return created;
    },
    async update(key, language, values, version) {
      const saved = await db.transaction(async (tx) => {
        // The version check and the write together: two editors saving at once cannot both win.
        const [row] = await tx
          .update(services)
          .set({
            imagePath: values.image_path,
            hidden: values.hidden,
            updatedAt: sql`greatest(now(), ${services.updatedAt} + interval '1 millisecond')`,
          })
          .where(and(eq(services.key, key), eq(services.updatedAt, version)))
          .returning({ id: services.id });
        if (!row) return false;
        await writeContent(tx, row.id, language, values);
        return true;
      });
      const current = await editorFind(key, language);
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
    async remove(key) {
      const rows = await db.delete(services).where(eq(services.key, key)).returning({ id: services.id });
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
