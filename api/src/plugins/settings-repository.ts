import type { Language } from '@agency/core/language';
import type { PublicSettings, SettingsInput, SiteSettings, SocialNetwork } from '@agency/core/settings';
import type { SiteConfig } from '@agency/core/types';
import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { siteSettings, siteSettingsTranslations } from '../db/schema';

/**
 * The site's settings (core's SETTINGS_KIND): one object. Until an editor first saves them, they are the
 * server's own settings (SITE_NAME, SITE_EMAIL, SITE_PHONE, SOCIAL_*: what the site showed before they were
 * editable), so a new site looks as it always did; the first save writes the row, and from then on the
 * database's values win. The notification address left empty stays the server's CONTACT_EMAIL.
 */
export interface SettingsRepository {
  /** The editor's read: every field, both languages, with `version`. */
  read(): Promise<SiteSettings>;
  /** What the public sees in `language` (never the notification address). */
  publicSettings(language: Language): Promise<PublicSettings>;
  /** Writes only when the settings are still at `version`: otherwise the current ones (409). */
  save(values: SettingsInput, version: Date): Promise<{ saved: SiteSettings } | { conflict: SiteSettings }>;
  /** Where the inbox's notifications go when an editor set it, else null (the server's CONTACT_EMAIL). */
  notifyEmail(): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    settingsRepository: SettingsRepository;
  }
}

/** The version of settings never saved: the first save names it, and only one of two first saves wins. */
export const UNSAVED_VERSION = new Date(0).toISOString();

/** The settings the server starts from (its SITE_* configuration), as an editor reads them. */
export function defaultSettings(site: SiteConfig): SiteSettings {
  return {
    version: UNSAVED_VERSION,
    email: site.email,
    phone: site.phone,
    notify_email: '',
    default_country: site.defaultCountry,
    social_facebook: site.social.facebook,
    social_x: site.social.x,
    social_instagram: site.social.instagram,
    social_tiktok: site.social.tiktok,
    social_youtube: site.social.youtube,
    translations: {
      en: { name: site.name, address: site.address },
      ar: { name: site.name, address: site.address },
    },
  };
}

/** The public's part of the settings in one language. */
export function toPublicSettings(settings: SiteSettings, language: Language): PublicSettings {
  const social: Record<SocialNetwork, string> = {
    facebook: settings.social_facebook,
    x: settings.social_x,
    instagram: settings.social_instagram,
    tiktok: settings.social_tiktok,
    youtube: settings.social_youtube,
  };
  return {
    language,
    name: settings.translations[language].name,
    address: settings.translations[language].address,
    email: settings.email,
    phone: settings.phone,
    default_country: settings.default_country,
    social,
  };
}

/** The site details a page is written with (its site-config block, its JSON-LD) from the public settings. */
export function siteConfigOf(settings: PublicSettings, contactRetentionDays: number): SiteConfig {
  return {
    name: settings.name,
    address: settings.address,
    email: settings.email,
    phone: settings.phone,
    defaultCountry: settings.default_country,
    social: { ...settings.social },
    contactRetentionDays,
  };
}

export function createSettingsRepository(db: Database, site: SiteConfig): SettingsRepository {
  async function read(): Promise<SiteSettings> {
    const [[row], translations] = await Promise.all([
      db.select().from(siteSettings).where(eq(siteSettings.id, 1)),
      db.select().from(siteSettingsTranslations),
    ]);
    const settings = defaultSettings(site);
    if (!row) return settings;
    for (const translation of translations)
      settings.translations[translation.language] = {
        name: translation.name,
        address: translation.address,
      };
    return {
      ...settings,
      version: row.updatedAt.toISOString(),
      email: row.email,
      phone: row.phone,
      notify_email: row.notifyEmail ?? '',
      default_country: row.defaultCountry,
      social_facebook: row.socialFacebook,
      social_x: row.socialX,
      social_instagram: row.socialInstagram,
      social_tiktok: row.socialTiktok,
      social_youtube: row.socialYoutube,
    };
  }

  return {
    read,
    async publicSettings(language) {
      return toPublicSettings(await read(), language);
    },
    async save(values, version) {
      const shared = {
        email: values.email,
        phone: values.phone,
        notifyEmail: values.notify_email === '' ? null : values.notify_email,
        defaultCountry: values.default_country,
        socialFacebook: values.social_facebook,
        socialX: values.social_x,
        socialInstagram: values.social_instagram,
        socialTiktok: values.social_tiktok,
        socialYoutube: values.social_youtube,
      };
      const saved = await db.transaction(async (tx) => {
        // The version check and the write in one statement: two editors saving at once cannot both win. The
        // first save inserts the row; a second first save finds it there and loses.
        const [row] =
          version.toISOString() === UNSAVED_VERSION
            ? await tx
                .insert(siteSettings)
                .values({ id: 1, ...shared })
                .onConflictDoNothing()
                .returning({ id: siteSettings.id })
            : await tx
                .update(siteSettings)
                .set({
                  ...shared,
                  updatedAt: sql`greatest(now(), ${siteSettings.updatedAt} + interval '1 millisecond')`,
                })
                .where(eq(siteSettings.updatedAt, version))
                .returning({ id: siteSettings.id });
        if (!row) return false;
        for (const [language, translation] of Object.entries(values.translations) as [
          Language,
          SettingsInput['translations'][Language],
        ][]) {
          await tx
            .insert(siteSettingsTranslations)
            .values({ language, ...translation })
            .onConflictDoUpdate({
              target: siteSettingsTranslations.language,
              set: { name: translation.name, address: translation.address },
            });
        }
        return true;
      });
      const current = await read();
      return saved ? { saved: current } : { conflict: current };
    },
    async notifyEmail() {
      const [row] = await db
        .select({ notifyEmail: siteSettings.notifyEmail })
        .from(siteSettings)
        .where(eq(siteSettings.id, 1));
      return row?.notifyEmail ?? null;
    },
  };
}

export const settingsRepositoryPlugin = fp<{ site: SiteConfig }>(
  async (app, opts) => {
    app.decorate('settingsRepository', createSettingsRepository(app.db, opts.site));
  },
  { name: 'settings-repository', dependencies: ['db'] },
);
