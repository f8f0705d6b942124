import { describe, expect, it } from 'vitest';
import { can, isRole, PERMISSIONS, ROLES } from './roles';

describe('roles', () => {
  it('gives the owner and administrators everything, editors the posts and content, authors their drafts', () => {
    for (const permission of PERMISSIONS) {
      expect(can('owner', permission)).toBe(true);
      expect(can('administrator', permission)).toBe(true);
    }
    expect(PERMISSIONS.filter((p) => can('editor', p))).toEqual([
      'account',
      'posts',
      'publish',
      'others_posts',
      'content',
      'media',
    ]);
    expect(PERMISSIONS.filter((p) => can('author', p))).toEqual(['account', 'posts']);
  });

  it('refuses everything to a missing or unknown role', () => {
    for (const permission of PERMISSIONS) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
    expect(isRole('owner')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(ROLES).toHaveLength(4);
  });
});
