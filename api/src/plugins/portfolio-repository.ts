import {
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_PER_PAGE,
  type PortfolioCard,
  type PortfolioInput,
  type PortfolioProject,
  type PublicPortfolio,
  type PublicProject,
} from '@agency/core/content';
import { STORED_IMAGES_PATH } from '@agency/core/images';
import type { Language } from '@agency/core/language';
import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { portfolioProjects } from '../db/schema';
import { ContentFieldError, createListStore, type ListRepository } from '../lib/content-repository';
import { uniqueViolation } from './posts-repository';

type Row = typeof portfolioProjects.$inferSelect;

/** A stored image's file name as the API gives it: its URL (what the upload route answers). */
export const imageUrl = (file: string): string => `${STORED_IMAGES_PATH}${file}`;
/** A stored image's URL as the API takes it back: its file name (the value was checked against the pattern). */
export const imageFile = (url: string): string => url.slice(STORED_IMAGES_PATH.length);

export interface PortfolioSitemapEntry {
  slug: string;
  language: Language;
  updatedAt: Date;
  translationGroup: number | null;
}

/**
 * The portfolio's repository: the public reads here, and the editor's list, item and writes on the shared
 * list parts (lib/content-repository.ts), one list per language (no scope).
 */
export interface PortfolioRepository extends ListRepository<PortfolioProject, PortfolioInput, null> {
  /** One page of the visible projects in `language`, of one category or all, in the editors' order. */
  publicList(language: Language, category: string | null, page: number): Promise<PublicPortfolio>;
  /** A visible project by its slug, with its visible translations; null when none. */
  publicProject(slug: string): Promise<PublicProject | null>;
  /** Every visible project, for the sitemap. */
  sitemap(): Promise<PortfolioSitemapEntry[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    portfolioRepository: PortfolioRepository;
  }
}

export function toCard(row: Row): PortfolioCard {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    title: row.title,
    client: row.client,
    category: row.category,
    cover_image: imageUrl(row.coverImage),
    cover_alt: row.coverAlt,
    summary: row.summary,
  };
}

export function toProject(row: Row, translationId: number | null): PortfolioProject {
  return {
    id: row.id,
    language: row.language,
    translation_id: translationId,
    position: row.sortOrder,
    version: row.updatedAt.toISOString(),
    title: row.title,
    slug: row.slug,
    client: row.client,
    category: row.category,
    cover_image: imageUrl(row.coverImage),
    cover_alt: row.coverAlt,
    gallery: row.gallery.map(({ image, alt }) => ({ image: imageUrl(image), alt })),
    summary: row.summary,
    body: row.body,
    link: row.link ?? '',
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    seo_image: row.seoImage === null ? '' : imageUrl(row.seoImage),
    hidden: row.hidden,
  };
}

/** An editor's values as the table's columns: images by their file names, empty optional values as null. */
function columnsOf(values: PortfolioInput) {
  return {
    title: values.title,
    slug: values.slug,
    client: values.client,
    category: values.category,
    coverImage: imageFile(values.cover_image),
    coverAlt: values.cover_alt,
    gallery: values.gallery.map(({ image, alt }) => ({ image: imageFile(image), alt })),
    summary: values.summary,
    body: values.body,
    link: values.link === '' ? null : values.link,
    seoTitle: values.seo_title,
    seoDescription: values.seo_description,
    seoImage: values.seo_image === '' ? null : imageFile(values.seo_image),
    hidden: values.hidden,
  };
}

/** Names the API's editor routes take under /api/portfolio/: no project's slug. */
const RESERVED_SLUGS = new Set(['items', 'order']);

/**
 * A slug another project has (or one of the API's own names): 422 `slug_taken` on `slug` (translation links
 * are the shared parts' concern).
 */
async function slugChecked<T>(slug: string, write: () => Promise<T>): Promise<T> {
  if (RESERVED_SLUGS.has(slug)) throw new ContentFieldError('slug', 'slug_taken');
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'portfolio_projects_slug_idx')
      throw new ContentFieldError('slug', 'slug_taken');
    throw err;
  }
}

export function createPortfolioRepository(db: Database): PortfolioRepository {
  const p = portfolioProjects;
  const store = createListStore(db, portfolioProjects, 'portfolio_translation_groups');
  const scope = (language: Language) => eq(p.language, language);
  const twin = alias(portfolioProjects, 'twin');
  const order = [asc(p.sortOrder), asc(p.id)];

  async function find(id: number): Promise<PortfolioProject | null> {
    const [item] = await withTwins(eq(p.id, id));
    return item ?? null;
  }

  async function withTwins(where: SQL | undefined): Promise<PortfolioProject[]> {
    const rows = await db
      .select({ row: p, twinId: twin.id })
      .from(p)
      .leftJoin(twin, and(eq(twin.translationGroup, p.translationGroup), ne(twin.language, p.language)))
      .where(where)
      .orderBy(...order);
    return rows.map(({ row, twinId }) => toProject(row, twinId ?? null));
  }

  return {
    async publicList(language, category, page) {
      const visible = and(eq(p.language, language), eq(p.hidden, false));
      const listed = category ? and(visible, eq(p.category, category)) : visible;
      const [present, [total], rows] = await Promise.all([
        db.selectDistinct({ category: p.category }).from(p).where(visible),
        db.select({ n: count() }).from(p).where(listed),
        db
          .select()
          .from(p)
          .where(listed)
          .orderBy(...order)
          .limit(PORTFOLIO_PER_PAGE)
          .offset((page - 1) * PORTFOLIO_PER_PAGE),
      ]);
      const have = new Set(present.map((r) => r.category));
      const n = total?.n ?? 0;
      return {
        language,
        categories: PORTFOLIO_CATEGORIES.filter((key) => have.has(key)),
        category,
        data: rows.map(toCard),
        current_page: page,
        last_page: Math.max(1, Math.ceil(n / PORTFOLIO_PER_PAGE)),
        per_page: PORTFOLIO_PER_PAGE,
        total: n,
      };
    },
    async publicProject(slug) {
      const [row] = await db
        .select()
        .from(p)
        .where(and(eq(p.slug, slug), eq(p.hidden, false)));
      if (!row) return null;
      const translations =
        row.translationGroup === null
          ? []
          : await db
              .select({ language: p.language, slug: p.slug })
              .from(p)
              .where(
                and(eq(p.translationGroup, row.translationGroup), ne(p.id, row.id), eq(p.hidden, false)),
              );
      return {
        ...toCard(row),
        gallery: row.gallery.map(({ image, alt }) => ({ image: imageUrl(image), alt })),
        body: row.body,
        link: row.link,
        seo_title: row.seoTitle,
        seo_description: row.seoDescription,
        seo_image: row.seoImage === null ? null : imageUrl(row.seoImage),
        updated_at: row.updatedAt.toISOString(),
        translations,
      };
    },
    async sitemap() {
      return db
        .select({
          slug: p.slug,
          language: p.language,
          updatedAt: p.updatedAt,
          translationGroup: p.translationGroup,
        })
        .from(p)
        .where(eq(p.hidden, false))
        .orderBy(asc(p.language), ...order);
    },
    items: (language) => withTwins(eq(p.language, language)),
    find,
    async create(values, translationOf) {
      const id = await slugChecked(values.slug, () =>
        db.transaction(async (tx) => {
          const group = await store.linkTranslation(tx, translationOf, values.language);
          const [row] = await tx
            .insert(p)
            .values({
              ...columnsOf(values),
              language: values.language,
              translationGroup: group,
              sortOrder: await store.nextPosition(tx, scope(values.language)),
            })
            .returning({ id: p.id });
          if (!row) throw new Error('Inserting a portfolio project returned no row');
          return row.id;
        }),
      );
      const created = await find(id);
      if (!created) throw new Error('A new portfolio project could not be read back');
      return created;
    },
    update: (id, values, version) =>
      slugChecked(values.slug, () => store.update(id, columnsOf(values), version, find)),
    async reorder(language, _scope, ids) {
      if (!(await store.reorder(scope(language), ids))) return null;
      return withTwins(scope(language));
    },
    remove: (id) => store.remove(id, find),
  };
}

export const portfolioRepositoryPlugin = fp(
  async (app) => {
    app.decorate('portfolioRepository', createPortfolioRepository(app.db));
  },
  { name: 'portfolio-repository', dependencies: ['db'] },
);
