import { yieldToMain } from '@agency/core/yield';
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
  // For every instance: each remote's entry makes its own, which loads the remote's shared libraries.
  runtimeCore.registerGlobalPlugins([shortTasks()]);
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

/**
 * A remote's start is a chain of promises the runtime runs as one long task: its entry's `init` (which
 * matches each of its shared libraries with the host's) and the loading of each library. The browser gets its
 * main thread back before the init and before each library is loaded, so each runs in a short task of its own.
 */
export function shortTasks() {
  const afterYield = async <T>(args: T): Promise<T> => {
    await yieldToMain();
    return args;
  };
  return { name: 'agency-short-tasks', beforeInitContainer: afterYield, beforeLoadShare: afterYield };
}
