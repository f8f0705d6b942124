import { readSiteConfig } from '@agency/core';
import { useMemo } from 'react';

/** The brand name the server writes into the page (for document titles). */
export function useSiteName(): string {
  return useMemo(() => readSiteConfig().name, []);
}
