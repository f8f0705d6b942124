import type { SiteConfig } from './types';

export const SITE_CONFIG_ELEMENT_ID = 'site-config';

const EMPTY: SiteConfig = {
  name: 'Agency',
  address: '',
  email: '',
  phone: '',
  defaultCountry: '',
  social: { facebook: '', x: '', instagram: '', tiktok: '', youtube: '' },
  // Unknown (a page written before the server stated it): the privacy notice then gives no figure.
  contactRetentionDays: 0,
};

/**
 * The site's contact details. The server writes them into index.html as a JSON data block
 * (`<script type="application/json" id="site-config">`), which never executes, so the CSP stays strict.
 */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const text = doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return EMPTY;
  try {
    const parsed = JSON.parse(text) as Partial<SiteConfig>;
    return { ...EMPTY, ...parsed, social: { ...EMPTY.social, ...parsed.social } };
  } catch {
    return EMPTY;
  }
}

/** Reads a `<meta name=...>` value that the server injected into index.html. */
export function readMeta(name: string, doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** Sets (or adds) a `<meta name=...>` value: the CSRF token is replaced when a sign-in renews the session. */
export function setMeta(name: string, content: string, doc: Document = document): void {
  let meta = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = name;
    doc.head.appendChild(meta);
  }
  meta.content = content;
}
