import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { PORTFOLIO } from '../lib/portfolio';
import { CATEGORY_SPINNER_MS, PortfolioPage } from './portfolio-page';

describe('/portfolio', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the Design projects, each opening its files in a new tab', async () => {
    await renderMarketing(<PortfolioPage />, { path: '/portfolio' });
    expect(
      screen.getByRole('heading', { level: 1, name: TEXTS.en.pages.portfolio.title }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: TEXTS.en.portfolio.categoriesLabel });
    expect(within(nav).getByRole('link', { name: 'Design' })).toHaveAttribute('aria-current', 'true');
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links).toHaveLength(PORTFOLIO.design.length);
    links.forEach((link, i) => {
      expect(link).toHaveAttribute('href', PORTFOLIO.design[i]?.link);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(new RegExp(TEXTS.en.portfolio.open.replace(/[()]/g, '\\$&')));
    });
  });

  it('shows a spinner for 500 ms whenever the category changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderMarketing(<PortfolioPage />, { path: '/portfolio' });
    act(() => {
      screen.getByRole('button', { name: TEXTS.en.portfolio.next }).click();
    });
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.en.portfolio.loading);
    expect(screen.queryByRole('list')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(CATEGORY_SPINNER_MS - 50);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(screen.getByRole('list')).getAllByRole('link')).toHaveLength(PORTFOLIO.design.length);
  });

  it('is in Arabic for Arabic readers', async () => {
    await renderMarketing(<PortfolioPage />, { lng: 'ar', path: '/portfolio' });
    expect(screen.getByRole('link', { name: 'التصميم' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeInTheDocument();
  });
});
