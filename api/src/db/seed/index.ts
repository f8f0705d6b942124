import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { serviceSections, serviceSectionTranslations, services, serviceTranslations } from '../schema';
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

    for (const [serviceIndex, seed] of SERVICE_SEEDS.entries()) {
      const [service] = await tx
        .insert(services)
        .values({
          key: seed.key,
          slug: seed.key,
          imagePath: serviceImagePath(seed.key),
          sortOrder: (serviceIndex + 1) * 10,
        })
        .returning({ id: services.id });
      if (!service) throw new Error(`Seeding service ${seed.key} returned no row`);
      await tx.insert(serviceTranslations).values(
        (['en', 'ar'] as const).map((language) => ({
          serviceId: service.id,
          language,
          name: seed.name[language],
          description: seed.description[language],
        })),
      );

      const sections = [
        { type: 'hero' as const, layout: null, ...seed.hero, items: [] },
        ...seed.sections.map((section, i) => ({
          type: 'content' as const,
          layout: i % 2 === 0 ? ('left' as const) : ('right' as const),
          ...section,
        })),
      ];
      for (const [sectionIndex, section] of sections.entries()) {
        const [row] = await tx
          .insert(serviceSections)
          .values({
            serviceId: service.id,
            type: section.type,
            layout: section.layout,
            sortOrder: (sectionIndex + 1) * 10,
          })
          .returning({ id: serviceSections.id });
        if (!row) throw new Error(`Seeding a section of ${seed.key} returned no row`);
        await tx.insert(serviceSectionTranslations).values(
          (['en', 'ar'] as const).map((language) => ({
            sectionId: row.id,
            language,
            data: {
              title: section.title[language],
              description: section.description[language],
              items: section.items.map((item) => item[language]),
            },
          })),
        );
      }
    }
    return true;
  });
}
