import { ROUTES, samplePath } from '@agency/core/routes';
import { describe, expect, it } from 'vitest';
import { REMOTE_APPS, remoteNameOf } from './apps';

const at = (path: string) => new URL(path, 'http://localhost');
const activeAt = (path: string) =>
  REMOTE_APPS.filter((app) => app.activeWhen(at(path))).map((app) => app.name);

describe('REMOTE_APPS', () => {
  it('names each remote after its package', () => {
    expect(REMOTE_APPS.map((app) => app.remote)).toEqual(['mf_marketing', 'mf_blog', 'mf_admin']);
    expect(remoteNameOf('@agency/mf-admin')).toBe('mf_admin');
  });

  it.each(ROUTES.map((route) => ({ route, path: samplePath(route, 'sample') })))(
    'on $path mounts $route.app only',
    ({ route, path }) => expect(activeAt(path)).toEqual([route.app]),
  );

  it.each(['/nope', '/blog/a/b', '/BLOG'])(
    'on %s mounts no remote (the shell shows the 404 page)',
    (path) => {
      expect(activeAt(path)).toEqual([]);
    },
  );

  it('does not mount marketing (which owns /) on /blog', () => {
    expect(activeAt('/blog')).toEqual(['@agency/mf-blog']);
  });
});
