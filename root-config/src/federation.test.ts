import { afterEach, describe, expect, it } from 'vitest';
import { createFederation } from './federation';

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
      mf_shell: '/mf/mf-shell/',
      mf_blog: 'http://localhost:5103/',
    });
    expect(federation.options.remotes).toEqual([
      expect.objectContaining({ name: 'mf_shell', entry: '/mf/mf-shell/remoteEntry.js', type: 'module' }),
      expect.objectContaining({
        name: 'mf_blog',
        entry: 'http://localhost:5103/remoteEntry.js',
        type: 'module',
      }),
    ]);
  });
});
