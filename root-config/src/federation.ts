import { createInstance } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import type { SharedLibrary } from './shared';

declare global {
  var _FEDERATION_RUNTIME_CORE: typeof runtimeCore | undefined;
}

/**
 * The one federation runtime of the page. Remotes are built with `experiments.externalRuntime`: their
 * remoteEntry.js reads the runtime from `globalThis._FEDERATION_RUNTIME_CORE` rather than bundling its own,
 * so it must be published before the first remote entry is imported. `shared` is what root-config provides
 * to every remote (./shared.ts), registered before any remote loads.
 */
export function createFederation(
  remotes: Record<string, string>,
  shared: Record<string, SharedLibrary> = {},
) {
  globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  return createInstance({
    name: 'root_config',
    remotes: Object.entries(remotes).map(([name, base]) => ({
      name,
      entry: `${base}remoteEntry.js`,
      type: 'module',
    })),
    shared,
  });
}
