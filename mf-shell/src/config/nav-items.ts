/**
 * The site's main sections, shared by the navigation bar and the footer's quick links.
 * `end` marks a link active only on its exact path; without it `/services/seo` keeps Services active.
 */
export const NAV_ITEMS = [
  { to: '/', key: 'home', end: true },
  { to: '/about', key: 'about', end: true },
  { to: '/pricing', key: 'pricing', end: true },
  { to: '/services', key: 'services', end: false },
  { to: '/portfolio', key: 'portfolio', end: true },
  { to: '/blog', key: 'blog', end: false },
] as const;

export const CONTACT_PATH = '/contact';

export type NavKey = (typeof NAV_ITEMS)[number]['key'];
