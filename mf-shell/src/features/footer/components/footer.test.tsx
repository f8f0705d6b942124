import type { Service } from '@agency/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { Footer } from './footer';

function service(id: number): Service {
  // The page's address differs from the key: the footer links by the address.
  return {
    id,
    key: `service-${id}`,
    slug: `page-${id}`,
    name: `Service ${id}`,
    description: '',
    image_path: '',
    sections: [],
  };
}

function stubFetch(respond: () => Promise<Response>) {
  const fetchSpy = vi.fn((_url: string) => respond());
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

const json =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status });

function servicesNav(name = 'Our services') {
  return screen.getByRole('navigation', { name });
}

describe('Footer services', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says it is loading until the services arrive', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderWithShell(<Footer />);
    expect(within(servicesNav()).getByRole('status')).toHaveTextContent('Loading services...');
  });

  it('lists the first 5 of 7 services, linking to /services/{key}', async () => {
    const fetchSpy = stubFetch(json({ data: { data: [1, 2, 3, 4, 5, 6, 7].map(service) } }));
    renderWithShell(<Footer />);
    const links = await within(servicesNav()).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Service 1', '/services/page-1?lng=en'],
      ['Service 2', '/services/page-2?lng=en'],
      ['Service 3', '/services/page-3?lng=en'],
      ['Service 4', '/services/page-4?lng=en'],
      ['Service 5', '/services/page-5?lng=en'],
    ]);
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/services?language=en');
  });

  it.each([
    { lng: 'en', name: 'Our services', text: 'Failed to load services' },
    { lng: 'ar', name: 'خدماتنا', text: 'تعذّر تحميل الخدمات' },
  ] as const)('shows the error text when the request fails ($lng)', async ({ lng, name, text }) => {
    stubFetch(json({ message: 'Server Error' }, 500));
    renderWithShell(<Footer />, { lng });
    expect(await within(servicesNav(name)).findByText(text)).toBeInTheDocument();
  });

  it('shows the error text when the network is down', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithShell(<Footer />);
    expect(await within(servicesNav()).findByText('Failed to load services')).toBeInTheDocument();
  });

  it.each([
    { lng: 'en', name: 'Our services', text: 'No services available' },
    { lng: 'ar', name: 'خدماتنا', text: 'لا تتوفر خدمات حاليًا' },
  ] as const)('shows the empty text when there are no services ($lng)', async ({ lng, name, text }) => {
    stubFetch(json({ data: { data: [] } }));
    renderWithShell(<Footer />, { lng });
    expect(await within(servicesNav(name)).findByText(text)).toBeInTheDocument();
  });

  it('asks for the services in Arabic on the Arabic page', async () => {
    const fetchSpy = stubFetch(json({ data: { data: [service(1)] } }));
    renderWithShell(<Footer />, { lng: 'ar' });
    await within(servicesNav('خدماتنا')).findByRole('link', { name: 'Service 1' });
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/services?language=ar');
  });
});

describe('Footer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('has quick links to every section and the contact page', () => {
    stubFetch(json({ data: { data: [] } }));
    renderWithShell(<Footer />);
    const links = within(screen.getByRole('navigation', { name: 'Quick links' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/?lng=en',
      '/about?lng=en',
      '/pricing?lng=en',
      '/services?lng=en',
      '/portfolio?lng=en',
      '/blog?lng=en',
      '/contact?lng=en',
    ]);
  });

  it('has the social links', () => {
    stubFetch(json({ data: { data: [] } }));
    renderWithShell(<Footer />);
    const social = screen.getByRole('list', { name: 'Our social media' });
    expect(within(social).getAllByRole('link')).toHaveLength(5);
  });

  it.each([
    { lng: 'en', text: '© 2031 Nimbus Digital. All rights reserved.' },
    { lng: 'ar', text: '© 2031 Nimbus Digital. جميع الحقوق محفوظة.' },
  ] as const)('shows the copyright line with the current year ($lng)', ({ lng, text }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T10:00:00Z'));
    stubFetch(json({ data: { data: [] } }));
    renderWithShell(<Footer />, { lng });
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    { lng: 'en', privacy: 'Privacy policy', terms: 'Terms of service' },
    { lng: 'ar', privacy: 'سياسة الخصوصية', terms: 'شروط الخدمة' },
  ] as const)('links to the privacy policy and the terms ($lng)', ({ lng, privacy, terms }) => {
    stubFetch(json({ data: { data: [] } }));
    renderWithShell(<Footer />, { lng });
    const legal = screen.getByRole('list', { name: lng === 'en' ? 'Legal' : 'معلومات قانونية' });
    expect(within(legal).getByRole('link', { name: privacy })).toHaveAttribute('href', `/privacy?lng=${lng}`);
    expect(within(legal).getByRole('link', { name: terms })).toHaveAttribute('href', `/terms?lng=${lng}`);
    expect(within(legal).queryAllByRole('button')).toEqual([]);
  });
});
