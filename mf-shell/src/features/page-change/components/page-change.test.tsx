import { Link, useLocation } from '@agency/core';
import { MemoryRouter } from '@agency/core/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChange } from './page-change';

/** A micro-frontend's page in <main>: its heading (a new element per page) and title, after a moment. */
function Page({ withField = false, titleAfterMs = 0 }: { withField?: boolean; titleAfterMs?: number }) {
  const { pathname } = useLocation();
  useEffect(() => {
    // As core's useDocumentMeta does: the title, marked with the path it is for.
    const setTitle = () => {
      document.title = `${pathname} | Agency`;
      document.documentElement.dataset.titleFor = pathname;
    };
    if (titleAfterMs === 0) {
      setTitle();
      return;
    }
    // A page whose title waits for its data, while the old page, going, has put back the site's bare title.
    document.title = 'Agency';
    const timer = setTimeout(setTitle, titleAfterMs);
    return () => clearTimeout(timer);
  }, [pathname, titleAfterMs]);
  const main = document.getElementById('main-content') as HTMLElement;
  return createPortal(
    <div key={pathname}>
      <h1>{`Page ${pathname}`}</h1>
      {withField && <input aria-label="Search" />}
    </div>,
    main,
  );
}

/** A page whose next page takes `ms` to come (its code on its way): the old one stays on screen till then. */
function SlowPage({ ms }: { ms: number }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(pathname);
  useEffect(() => {
    const timer = setTimeout(() => setShown(pathname), ms);
    return () => clearTimeout(timer);
  }, [pathname, ms]);
  const main = document.getElementById('main-content') as HTMLElement;
  return createPortal(
    <div key={shown}>
      <h1>{`Page ${shown}`}</h1>
    </div>,
    main,
  );
}

function renderSite(path = '/', withField = false, titleAfterMs = 0) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <nav>
        <Link to="/about">About</Link>
        <Link to="/about?tab=team">Team</Link>
      </nav>
      <Page withField={withField} titleAfterMs={titleAfterMs} />
      <PageChange />
    </MemoryRouter>,
  );
}

describe('PageChange', { timeout: 15_000 }, () => {
  // The focus logic is loaded on the first move (a dynamic import): loaded here once, so that no test's time
  // includes compiling it. The page waits up to 300 ms to see its heading and 1.5 s for its title (the waits
  // of core's test setup are 5 s).
  beforeAll(async () => {
    await import('./page-focus');
  });
  beforeEach(() => {
    document.body.innerHTML = '<main id="main-content" tabindex="-1"></main>';
    delete document.documentElement.dataset.titleFor;
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

  it('gives the focus to the new heading when the new page comes after the old heading took it', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <nav>
          <Link to="/about">About</Link>
        </nav>
        <SlowPage ms={800} />
        <PageChange />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    // Past 300 ms the heading still there counts as the new page's (the same element may take new words).
    const old = screen.getByRole('heading', { level: 1, name: 'Page /' });
    await waitFor(() => expect(old).toHaveFocus());
    // Then the new page comes, the old heading goes with the focus: the new heading takes it.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page /about' });
    await waitFor(() => expect(heading).toHaveFocus());
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

  it("says the new page's title, not one the old page put back on its way out", async () => {
    renderSite('/', false, 400);
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    const live = document.querySelector('[aria-live="polite"]') as HTMLElement;
    const said: string[] = [];
    const observer = new MutationObserver(() => {
      if (live.textContent) said.push(live.textContent);
    });
    observer.observe(live, { childList: true, subtree: true, characterData: true });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Page /about' })).toHaveFocus());
    await waitFor(() => expect(live).toHaveTextContent('/about | Agency'));
    observer.disconnect();
    expect(said).toEqual(['/about | Agency']);
  });
});
