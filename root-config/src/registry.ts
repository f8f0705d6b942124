/** Remote name -> base URL of its build (ending in `/`), read at run time so each remote deploys on its own. */
export type Registry = Record<string, string>;

export const REGISTRY_URL = '/mf-registry.json';

/** Validates the registry: only same-origin paths or http(s) URLs ending in `/`. */
export function parseRegistry(value: unknown): Registry {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('Registry must be an object');
  const registry: Registry = {};
  for (const [name, base] of Object.entries(value)) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Bad remote name: ${name}`);
    if (typeof base !== 'string' || !/^(\/|https?:\/\/)[^\s]*\/$/.test(base)) {
      throw new Error(`Bad base URL for ${name}`);
    }
    registry[name] = base;
  }
  return registry;
}

export async function loadRegistry(fetchImpl: typeof fetch = fetch): Promise<Registry> {
  const res = await fetchImpl(REGISTRY_URL, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Registry: HTTP ${res.status}`);
  return parseRegistry(await res.json());
}
