import type { Language } from '@agency/core/language';
import type { Service, ServiceSection } from '@agency/core/types';
import { and, asc, eq, inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { serviceSections, serviceSectionTranslations, services, serviceTranslations } from '../db/schema';

export interface ServicesRepository {
  /** Every service translated into `language`, in display order. */
  list(language: Language): Promise<Service[]>;
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
 * Reads services in two queries however many there are: the translated services, then all their translated
 * sections. A service or section without a translation in the language asked for is left out rather than
 * shown half in another language.
 */
export function createServicesRepository(db: Database): ServicesRepository {
  async function load(language: Language, key?: string): Promise<Service[]> {
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

    return rows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      description: row.description,
      image_path: row.imagePath,
      sections: sectionsByService.get(row.id) ?? [],
    }));
  }

  return {
    list: (language) => load(language),
    async findByKey(key, language) {
      const [service] = await load(language, key);
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
