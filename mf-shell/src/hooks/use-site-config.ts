import { readSiteConfig, type SiteConfig } from '@agency/core';
import { useState } from 'react';

/** The site's contact details, read once from the JSON block the server writes into index.html. */
export function useSiteConfig(): SiteConfig {
  const [config] = useState(readSiteConfig);
  return config;
}
