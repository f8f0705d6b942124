import { Link, MemoryRouter, useLocation } from '@agency/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChange } from './page-change';

/** A micro-frontend's page in <main>: its heading (a new element per page) and title, after a moment. */
function Page({ withField = false }: { withField?: boolean }) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${pathname} | Agency`;
  }, [pathname]);
  const main = document.getElementById('main-content') as HTMLElement;
  return createPortal(
    <div key={pathname}>
      <h1>{`Page ${pathname}`}</h1>
      {withField && <input aria-label="Search" />}
    </div>,
    main,
  );
}

function renderSite(path = '/', withField = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <nav>
        <Link to="/about">About</Link>
        <Link to="/about?tab=team">Team</Link>
      </nav>
      <Page withField={withField} />
      <PageChange />
    </MemoryRouter>,
  );
}

describe('PageChange', () => {
  beforeEach(() => {
    document.body.innerHTML = '<main id="main-content" tabindex="-1"></main>';
  });
  afterEach(() => vi.useRealTimers());

  it('leaves focus alone on the first page', async () => {
    renderSite('/');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(document.body).toHaveFocus();
  });

  it("takes focus from the link to the new page's heading, and says the page's title", async () => {
    renderSite('/');
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Page /about' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('/about | Agency'),
    );
  });

  it('does nothing when only the query changes', async () => {
    renderSite('/about');
    const team = screen.getByRole('link', { name: 'Team' });
    await userEvent.click(team);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(team).toHaveFocus();
  });

  it('leaves focus the new page has already placed inside it', async () => {
    renderSite('/', true);
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    act(() => screen.getByRole('textbox', { name: 'Search' }).focus());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});
