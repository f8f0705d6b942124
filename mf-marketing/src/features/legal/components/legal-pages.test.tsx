import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '@agency/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { ContactForm } from '../../contact/components/contact-form';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

/** The details the server writes into the page (site-config), with a retention of `days`. */
function installSite(days: number): void {
  const site: SiteConfig = {
    name: 'Nimbus Digital',
    email: 'privacy@nimbus.example',
    phone: '+44 20 7946 0958',
    address: '',
    defaultCountry: 'GB',
    social: { facebook: '', x: '', instagram: '', tiktok: '', youtube: '' },
    contactRetentionDays: days,
  };
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SITE_CONFIG_ELEMENT_ID;
  script.textContent = JSON.stringify(site);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('the privacy policy', () => {
  it.each([
    { lng: 'en', days: 365, says: 'for 365 days after it arrives' },
    { lng: 'en', days: 30, says: 'for 30 days after it arrives' },
    { lng: 'en', days: 1, says: 'for 1 day after it arrives' },
    { lng: 'ar', days: 365, says: 'مدة 365 يومًا من وصولها' },
    { lng: 'ar', days: 7, says: 'مدة 7 أيام من وصولها' },
    { lng: 'ar', days: 2, says: 'مدة يومين من وصولها' },
    { lng: 'ar', days: 100, says: 'مدة 100 يوم من وصولها' },
  ] as const)('states the retention the server is set to: $days days ($lng)', async ({ lng, days, says }) => {
    installSite(days);
    await renderMarketing(<PrivacyPage />, { lng, path: '/privacy' });
    expect(
      screen.getByRole('heading', { level: 1, name: TEXTS[lng].pages.privacy.title }),
    ).toBeInTheDocument();
    const retention = screen.getByRole('region', { name: TEXTS[lng].privacy.retention.title });
    expect(retention).toHaveTextContent(says);
  });

  it('says no figure rather than a wrong one when the page does not carry it', async () => {
    installSite(0);
    await renderMarketing(<PrivacyPage />, { path: '/privacy' });
    const retention = screen.getByRole('region', { name: TEXTS.en.privacy.retention.title });
    expect(retention).toHaveTextContent(TEXTS.en.privacy.retention.textUnknown);
    expect(retention).not.toHaveTextContent(/\d/);
  });

  it.each(['en', 'ar'] as const)(
    'lists every field of the form, why, who and how to erase (%s)',
    async (lng) => {
      installSite(365);
      await renderMarketing(<PrivacyPage />, { lng, path: '/privacy' });
      const texts = TEXTS[lng].privacy;
      const collected = screen.getByRole('region', { name: texts.collect.title });
      expect(
        within(collected)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(Object.values(texts.collect.items));
      for (const part of [texts.why, texts.who, texts.erasure, texts.device])
        expect(screen.getByRole('region', { name: part.title })).toHaveTextContent(part.text);
      const erasure = screen.getByRole('region', { name: texts.erasure.title });
      expect(within(erasure).getByRole('link', { name: 'privacy@nimbus.example' })).toHaveAttribute(
        'href',
        'mailto:privacy@nimbus.example',
      );
    },
  );
});

describe('the terms of service', () => {
  it.each(['en', 'ar'] as const)('has its parts and links to the privacy policy (%s)', async (lng) => {
    installSite(365);
    await renderMarketing(<TermsPage />, { lng, path: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: TEXTS[lng].pages.terms.title })).toBeInTheDocument();
    for (const part of Object.values(TEXTS[lng].terms))
      expect(screen.getByRole('region', { name: part.title })).toHaveTextContent(part.text);
    expect(screen.getByRole('link', { name: TEXTS[lng].privacy.formLink })).toHaveAttribute(
      'href',
      `/privacy?lng=${lng}`,
    );
  });
});

describe("the contact form's privacy line", () => {
  it.each(['en', 'ar'] as const)(
    'says what the details are for and links to /privacy, by the send button (%s)',
    async (lng) => {
      // The form asks for the services to choose from: none here.
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json({ data: { data: [] } })),
      );
      await renderMarketing(<ContactForm />, { lng, path: '/contact' });
      const link = screen.getByRole('link', { name: TEXTS[lng].privacy.formLink });
      expect(link).toHaveAttribute('href', `/privacy?lng=${lng}`);
      const line = link.closest('p');
      expect(line).toHaveTextContent(TEXTS[lng].privacy.formNotice);
      expect(line?.nextElementSibling).toBe(screen.getByRole('button', { name: TEXTS[lng].contact.submit }));
    },
  );
});
