import type { Language } from '@agency/core/language';
import type { Service, ServiceSection, ServiceSummary } from '@agency/core/types';
import { and, asc, eq, inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { serviceSections, serviceSectionTranslations, services, serviceTranslations } from '../db/schema';

export interface ServicesRepository {
  /** Every service translated into `language`, in display order, without its sections (a list needs none). */
  list(language: Language): Promise<ServiceSummary[]>;
  /** One service by its URL key, or null. */
  findByKey(key: string, language: Language): Promise<Service | null>;
  /** Whether a service has this key (the contact form's choice). */
  exists(key: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    servicesRepository: ServicesRepository;
  }
}

/**
 * Reads the translated services in one query, and a service's translated sections in a second. A service or
 * section without a translation in the language asked for is left out rather than shown half in another
 * language.
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
      })
      .from(services)
      .innerJoin(
        serviceTranslations,
        and(eq(serviceTranslations.serviceId, services.id), eq(serviceTranslations.language, language)),
      )
      .where(key === undefined ? undefined : eq(services.key, key))
      .orderBy(asc(services.sortOrder), asc(services.id));
    return rows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      description: row.description,
      image_path: row.imagePath,
    }));
  }

  async function withSections(language: Language, rows: ServiceSummary[]): Promise<Service[]> {
    if (rows.length === 0) return [];
    const sectionRows = await db
      .select({
        id: serviceSections.id,
        serviceId: serviceSections.serviceId,
        type: serviceSections.type,
        layout: serviceSections.layout,
        data: serviceSectionTranslations.data,
      })
      .from(serviceSections)
      .innerJoin(
        serviceSectionTranslations,
        and(
          eq(serviceSectionTranslations.sectionId, serviceSections.id),
          eq(serviceSectionTranslations.language, language),
        ),
      )
      .where(
        inArray(
          serviceSections.serviceId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(serviceSections.serviceId), asc(serviceSections.sortOrder), asc(serviceSections.id));

    const sectionsByService = new Map<number, ServiceSection[]>();
    for (const row of sectionRows) {
      const section: ServiceSection =
        row.type === 'hero'
          ? { id: row.id, type: 'hero', data: { title: row.data.title, description: row.data.description } }
          : {
              id: row.id,
              type: 'content',
              data: {
                title: row.data.title,
                description: row.data.description,
                items: row.data.items,
                // The table's check constraint guarantees a layout on content sections.
                layout: row.layout ?? 'left',
              },
            };
      const list = sectionsByService.get(row.serviceId) ?? [];
      list.push(section);
      sectionsByService.set(row.serviceId, list);
    }

    return rows.map((row) => ({ ...row, sections: sectionsByService.get(row.id) ?? [] }));
  }

  return {
    list: (language) => summaries(language),
    async findByKey(key, language) {
      const [service] = await withSections(language, await summaries(language, key));
      return service ?? null;
    },
    async exists(key) {
      const [row] = await db.select({ id: services.id }).from(services).where(eq(services.key, key)).limit(1);
      return row !== undefined;
    },
  };
}

export const servicesRepositoryPlugin = fp(
  async (app) => {
    app.decorate('servicesRepository', createServicesRepository(app.db));
  },
  { name: 'services-repository', dependencies: ['db'] },
);
