import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { serviceSections, serviceSectionTranslations, services, serviceTranslations } from '../schema';
import { inserted } from './batch';
import { SERVICE_SEEDS, serviceImagePath } from './services';

/** Same idea as the migration lock: one number every process agrees on. */
const SEED_LOCK_ID = 0x73656564;

/**
 * Inserts the ten services with their sections in both languages when the services table is empty, and does
 * nothing otherwise (so edits made later are never overwritten). Returns whether it inserted anything.
 */
export async function seedServices(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting together would both see an empty table; the lock makes the second one wait for
    // the first to commit, after which it sees ten rows and stops.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(services);
    if ((existing?.n ?? 0) > 0) return false;

    // Each kind of row in one statement: one round trip each, not one per row.
    const serviceRows = await tx
      .insert(services)
      .values(
        SERVICE_SEEDS.map((seed, serviceIndex) => ({
          key: seed.key,
          slug: seed.key,
          imagePath: serviceImagePath(seed.key),
          sortOrder: (serviceIndex + 1) * 10,
        })),
      )
      .returning({ id: services.id, key: services.key });
    const serviceIds = new Map(serviceRows.map((row) => [row.key, row.id]));
    const serviceOf = (key: string) => inserted(serviceIds, key, `service ${key}`);
    await tx.insert(serviceTranslations).values(
      SERVICE_SEEDS.flatMap((seed) =>
        (['en', 'ar'] as const).map((language) => ({
          serviceId: serviceOf(seed.key),
          language,
          name: seed.name[language],
          description: seed.description[language],
        })),
      ),
    );

    const sections = SERVICE_SEEDS.flatMap((seed) =>
      [
        { type: 'hero' as const, layout: null, ...seed.hero, items: [] },
        ...seed.sections.map((section, i) => ({
          type: 'content' as const,
          layout: i % 2 === 0 ? ('left' as const) : ('right' as const),
          ...section,
        })),
      ].map((section, sectionIndex) => ({
        ...section,
        serviceKey: seed.key,
        serviceId: serviceOf(seed.key),
        sortOrder: (sectionIndex + 1) * 10,
      })),
    );
    const sectionRows = await tx
      .insert(serviceSections)
      .values(
        sections.map(({ serviceId, type, layout, sortOrder }) => ({ serviceId, type, layout, sortOrder })),
      )
      .returning({
        id: serviceSections.id,
        serviceId: serviceSections.serviceId,
        sortOrder: serviceSections.sortOrder,
      });
    const sectionIds = new Map(sectionRows.map((row) => [`${row.serviceId}:${row.sortOrder}`, row.id]));
    await tx.insert(serviceSectionTranslations).values(
      sections.flatMap((section) =>
        (['en', 'ar'] as const).map((language) => ({
          sectionId: inserted(
            sectionIds,
            `${section.serviceId}:${section.sortOrder}`,
            `a section of ${section.serviceKey}`,
          ),
          language,
          data: {
            title: section.title[language],
            description: section.description[language],
            items: section.items.map((item) => item[language]),
          },
        })),
      ),
    );
    return true;
  });
}
