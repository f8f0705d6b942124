import { Link } from '@agency/core';
import { MemoryRouter } from '@agency/core/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

function renderAt(path: string) {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollToTop />
      <Link to="/about">About</Link>
      <Link to="/about?tab=team">Team</Link>
      <Link to="/blog/first">First post</Link>
    </MemoryRouter>,
  );
  return scrollTo;
}

describe('ScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the first render alone, so a reload keeps its scroll position', () => {
    expect(renderAt('/')).not.toHaveBeenCalled();
  });

  it('scrolls to the top on every path change', async () => {
    const scrollTo = renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await userEvent.click(screen.getByRole('link', { name: 'First post' }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('does not scroll when only the query changes', async () => {
    const scrollTo = renderAt('/about');
    await userEvent.click(screen.getByRole('link', { name: 'Team' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
