import { afterEach, describe, expect, it } from 'vitest';
import { createFederation, shortTasks } from './federation';
import { sharedLibraries } from './shared';

describe('createFederation', () => {
  afterEach(() => {
    globalThis._FEDERATION_RUNTIME_CORE = undefined;
  });

  it('publishes its runtime for the remotes, which are built without one', () => {
    expect(globalThis._FEDERATION_RUNTIME_CORE).toBeUndefined();
    createFederation({});
    const core = globalThis._FEDERATION_RUNTIME_CORE;
    expect(core).toBeDefined();
    expect(typeof core?.ModuleFederation).toBe('function');
  });

  it('declares every registry entry as an ES module remote', () => {
    const federation = createFederation({
      mf_marketing: '/mf/mf-marketing/',
      mf_blog: 'http://localhost:5103/',
    });
    expect(federation.options.remotes).toEqual([
      expect.objectContaining({
        name: 'mf_marketing',
        entry: '/mf/mf-marketing/remoteEntry.js',
        type: 'module',
      }),
      expect.objectContaining({
        name: 'mf_blog',
        entry: 'http://localhost:5103/remoteEntry.js',
        type: 'module',
      }),
    ]);
  });

  it('provides each shared library as root-config bundles it, one copy registered for every remote', async () => {
    const federation = createFederation({}, sharedLibraries({ react: '19.3.1' }));
    const { SHARED_SINGLETON_NAMES } = await import('@agency/core/mf-shared');
    for (const name of SHARED_SINGLETON_NAMES) {
      const versions = federation.shareScopeMap.default?.[name];
      expect(Object.keys(versions ?? {}), name).toHaveLength(1);
    }
    expect(Object.keys(federation.shareScopeMap.default?.react ?? {})).toEqual(['19.3.1']);
    const react = await import('react');
    const loaded = await federation.loadShare<typeof react>('react');
    expect(loaded).toBeTypeOf('function');
    expect((loaded as () => typeof react)()).toBe(react);
    const core = await import('@agency/core');
    const loadedCore = await federation.loadShare<typeof core>('@agency/core');
    expect((loadedCore as () => typeof core)().reactLifecycles).toBe(core.reactLifecycles);
  });
});

describe('shortTasks', () => {
  it('waits for a task of its own before a remote is initialised and before each shared library loads, and passes the hook arguments on', async () => {
    const plugin = shortTasks();
    for (const hook of [plugin.beforeInitContainer, plugin.beforeLoadShare]) {
      const args = { pkgName: 'react' };
      let settled = false;
      const result = hook(args).then((value) => {
        settled = true;
        return value;
      });
      // A chain of promises alone does not get past it: only a new task does.
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
      expect(settled).toBe(false);
      expect(await result).toBe(args);
    }
  });
});
