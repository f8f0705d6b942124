import { ROUTES, samplePath } from '@agency/core/routes';
import { describe, expect, it } from 'vitest';
import { APPS, remoteNameOf } from './apps';

const at = (path: string) => new URL(path, 'http://localhost');
const activeAt = (path: string) => APPS.filter((app) => app.activeWhen(at(path))).map((app) => app.name);

describe('APPS', () => {
  it('names each remote after its package', () => {
    expect(APPS.map((app) => app.remote)).toEqual(['mf_shell', 'mf_marketing', 'mf_blog', 'mf_admin']);
    expect(remoteNameOf('@agency/mf-admin')).toBe('mf_admin');
  });

  it.each(ROUTES.map((route) => ({ route, path: samplePath(route, 'sample') })))(
    'on $path mounts the shell and $route.app only',
    ({ route, path }) => expect(activeAt(path)).toEqual(['@agency/mf-shell', route.app]),
  );

  it.each(['/nope', '/blog/a/b', '/BLOG'])('on %s mounts only the shell (404)', (path) => {
    expect(activeAt(path)).toEqual(['@agency/mf-shell']);
  });

  it('does not mount marketing (which owns /) on /blog', () => {
    expect(activeAt('/blog')).toEqual(['@agency/mf-shell', '@agency/mf-blog']);
  });
});
