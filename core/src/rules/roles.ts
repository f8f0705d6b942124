/**
 * Who may do what: the one table the API's guard (api/src/plugins/access.ts) and the admin screens (which hide
 * what a role cannot do) both read. The owner can do everything an administrator can, and is the only one who
 * can hand the ownership over; there is exactly one.
 */
export const ROLES = ['owner', 'administrator', 'editor', 'author'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an administrator may give in the People screen: the owner is made only by a hand-over. */
export const ASSIGNABLE_ROLES = ['administrator', 'editor', 'author'] as const satisfies readonly Role[];

export const PERMISSIONS = [
  /** The account's own password and sessions. */
  'account',
  /** Writing posts: an author their own drafts, the others every post. */
  'posts',
  /** Publishing a post (status published), editing or deleting a published one. */
  'publish',
  /** Other people's posts. */
  'others_posts',
  /** The site's content: services, FAQ, pricing, portfolio, home texts, client logos, categories. */
  'content',
  /**
   * The media library's alt texts, and deleting an unused image from it. Everyone who writes posts may list the
   * library, upload to it and use its images.
   */
  'media',
  /** The site's settings. */
  'settings',
  /** The contact messages. */
  'inbox',
  /** The People screen: accounts, roles, deactivation. */
  'people',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYONE: readonly Role[] = ROLES;
const EDITORS: readonly Role[] = ['owner', 'administrator', 'editor'];
const ADMINISTRATORS: readonly Role[] = ['owner', 'administrator'];

export const ROLE_PERMISSIONS: Readonly<Record<Permission, readonly Role[]>> = {
  account: EVERYONE,
  posts: EVERYONE,
  publish: EDITORS,
  others_posts: EDITORS,
  content: EDITORS,
  media: EDITORS,
  settings: ADMINISTRATORS,
  inbox: ADMINISTRATORS,
  people: ADMINISTRATORS,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do `permission`; an unknown role (an old client, a missing field) may do nothing. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[permission].includes(role);
}
