import type { BrowserContext } from '@playwright/test';

export const BUDGET: { target: Record<string, number>; budget: Record<string, number> };
export function firstPostSlug(base: string): Promise<string>;
export function measureIn(
  context: BrowserContext,
  url: string,
): Promise<{ files: number; bytes: number; kb: number; scripts: Map<string, number> }>;
export function firstProjectSlug(base: string): Promise<string>;
export function routePath(route: string, base: string): Promise<string>;
