import { Link, useDocumentMeta, useSiteName, useTranslation } from '@agency/core';
import type { ReactNode } from 'react';

export type PageKey =
  | 'home'
  | 'about'
  | 'pricing'
  | 'services'
  | 'serviceDetail'
  | 'portfolio'
  | 'contact'
  | 'privacy'
  | 'terms';

interface PageHeroProps {
  page: PageKey;
  /** Overrides the page's own title and lead (a service's hero comes from the server). */
  title?: string;
  lead?: string;
  /** A short label above the title (a service's name above its hero title). */
  eyebrow?: string;
  links?: { to: string; label: string; primary?: boolean }[];
  children?: ReactNode;
}

/** The page's first block: its one h1, a lead, optional links; it also titles the browser tab. */
export function PageHero({ page, title, lead, eyebrow, links = [], children }: PageHeroProps) {
  const { t } = useTranslation('marketing');
  const heading = title ?? t(`pages.${page}.title`);
  const text = lead ?? t(`pages.${page}.lead`);
  const site = useSiteName();
  useDocumentMeta(page === 'home' ? site || heading : `${heading} | ${site}`, text);
  return (
    <section className="page-hero" data-page={page}>
      {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
      <h1>{heading}</h1>
      <p>{text}</p>
      {links.length > 0 && (
        <div className="page-hero__actions">
          {links.map(({ to, label, primary }) => (
            <Link key={to} to={to} className={`button ${primary ? 'button--primary' : 'button--secondary'}`}>
              {label}
            </Link>
          ))}
        </div>
      )}
      {children}
    </section>
  );
}
