import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '@agency/core';

export const TEST_SITE_CONFIG: SiteConfig = {
  name: 'Nimbus Digital',
  email: 'hello@nimbus.example',
  phone: '+44 20 7946 0958',
  social: {
    facebook: 'https://facebook.com/nimbus',
    x: 'https://x.com/nimbus',
    instagram: 'https://instagram.com/nimbus',
    tiktok: 'https://tiktok.com/@nimbus',
    youtube: 'https://youtube.com/@nimbus',
  },
  address: '',
  defaultCountry: 'GB',
  contactRetentionDays: 365,
};

/** Writes the JSON block root-config's server puts into index.html. */
export function installSiteConfig(config: SiteConfig = TEST_SITE_CONFIG): void {
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SITE_CONFIG_ELEMENT_ID;
  script.textContent = JSON.stringify(config);
  document.head.append(script);
}
