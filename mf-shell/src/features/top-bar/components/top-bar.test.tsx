import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { TEST_SITE_CONFIG } from '../../../testing/site-config';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  it('links the e-mail and the phone number', () => {
    renderWithShell(<TopBar />);
    expect(screen.getByRole('link', { name: 'Email: hello@nimbus.example' })).toHaveAttribute(
      'href',
      'mailto:hello@nimbus.example',
    );
    expect(screen.getByRole('link', { name: 'Phone: +44 20 7946 0958' })).toHaveAttribute(
      'href',
      'tel:+442079460958',
    );
  });

  it.each([
    { name: 'Facebook (opens in a new tab)', href: TEST_SITE_CONFIG.social.facebook },
    { name: 'X (opens in a new tab)', href: TEST_SITE_CONFIG.social.x },
    { name: 'Instagram (opens in a new tab)', href: TEST_SITE_CONFIG.social.instagram },
    { name: 'TikTok (opens in a new tab)', href: TEST_SITE_CONFIG.social.tiktok },
    { name: 'YouTube (opens in a new tab)', href: TEST_SITE_CONFIG.social.youtube },
  ])('links $name safely in a new tab', ({ name, href }) => {
    renderWithShell(<TopBar />);
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('names the social links in Arabic', () => {
    renderWithShell(<TopBar />, { lng: 'ar' });
    const social = screen.getByRole('list', { name: 'حساباتنا على وسائل التواصل الاجتماعي' });
    expect(
      within(social).getByRole('link', { name: 'فيسبوك (يُفتح في علامة تبويب جديدة)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'البريد الإلكتروني: hello@nimbus.example' })).toBeInTheDocument();
  });

  it('leaves out what is not configured', () => {
    renderWithShell(<TopBar />, {
      siteConfig: { ...TEST_SITE_CONFIG, phone: '', social: { ...TEST_SITE_CONFIG.social, tiktok: '' } },
    });
    expect(screen.queryByRole('link', { name: /^Phone/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /TikTok/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(4);
  });

  it('renders no empty lists when nothing is configured', () => {
    const social = { facebook: '', x: '', instagram: '', tiktok: '', youtube: '' };
    renderWithShell(<TopBar />, {
      siteConfig: {
        name: 'Agency',
        address: '',
        email: '',
        phone: '',
        defaultCountry: 'GB',
        social,
        contactRetentionDays: 365,
      },
    });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
