import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { NavBar } from './nav-bar';

function renderNav(path = '/', lng: 'en' | 'ar' = 'en') {
  renderWithShell(
    <>
      <NavBar />
      <p>Page content</p>
      <a href="#pricing">See our pricing</a>
    </>,
    { path, lng },
  );
  return {
    nav: screen.getByRole('navigation', { name: lng === 'en' ? 'Main' : 'القائمة الرئيسية' }),
    toggle: screen.getByRole('button', { name: lng === 'en' ? 'Menu' : 'القائمة' }),
    menu: () => document.getElementById('site-nav-menu') as HTMLElement,
  };
}

describe('NavBar links', () => {
  it('links every main section, the brand home and the get-in-touch button to /contact', () => {
    const { nav } = renderNav();
    const hrefs = ['Home', 'About', 'Pricing', 'Services', 'Portfolio', 'Blog'].map((name) =>
      within(nav).getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '/?lng=en',
      '/about?lng=en',
      '/pricing?lng=en',
      '/services?lng=en',
      '/portfolio?lng=en',
      '/blog?lng=en',
    ]);
    expect(within(nav).getByRole('link', { name: 'Nimbus Digital home page' })).toHaveAttribute(
      'href',
      '/?lng=en',
    );
    expect(within(nav).getByRole('link', { name: 'Get in touch' })).toHaveAttribute(
      'href',
      '/contact?lng=en',
    );
  });

  it.each([
    { path: '/', active: 'Home' },
    { path: '/about', active: 'About' },
    { path: '/pricing', active: 'Pricing' },
    { path: '/services', active: 'Services' },
    { path: '/services/seo', active: 'Services' },
    { path: '/portfolio', active: 'Portfolio' },
    { path: '/blog', active: 'Blog' },
    { path: '/blog/hello-world', active: 'Blog' },
    { path: '/contact', active: null },
    { path: '/posts', active: null },
    { path: '/About', active: null },
  ])('on $path marks $active as the current page', ({ path, active }) => {
    const { nav } = renderNav(path);
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(current).toEqual(active ? [active] : []);
  });

  it('is translated in Arabic', () => {
    const { nav } = renderNav('/services/seo', 'ar');
    expect(within(nav).getByRole('link', { name: 'الخدمات' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'تواصل معنا' })).toHaveAttribute('href', '/contact?lng=ar');
  });
});

describe('NavBar menu toggle', () => {
  it('controls the menu and opens and closes it with the button', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderNav();
    expect(toggle).toHaveAttribute('aria-controls', 'site-nav-menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toHaveAttribute('data-open', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside but not on a click inside the menu', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderNav();
    await user.click(toggle);
    await user.click(menu());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Page content'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a link is chosen, and marks the new page', async () => {
    const user = userEvent.setup();
    const { nav, toggle } = renderNav('/');
    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: 'Pricing' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
  });

  it('closes on the get-in-touch button', async () => {
    const user = userEvent.setup();
    const { nav, toggle } = renderNav('/');
    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: 'Get in touch' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    const { nav, toggle } = renderNav();
    await user.click(toggle);
    within(nav).getByRole('link', { name: 'About' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when focus moves past it, so that what gets focus is never under it (WCAG 2.4.11)', async () => {
    const user = userEvent.setup();
    const { nav, toggle } = renderNav();
    await user.click(toggle);
    within(nav).getByRole('link', { name: 'About' }).focus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Tab by Tab to the page's first link after the menu.
    const after = screen.getByRole('link', { name: 'See our pricing' });
    for (let i = 0; i < 20 && document.activeElement !== after; i++) await user.tab();
    expect(after).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
