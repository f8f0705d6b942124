// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDocumentMeta } from './use-document-meta';

function Page({ title }: { title: string | null }) {
  useDocumentMeta(title, title && `About ${title}`);
  return null;
}

describe('useDocumentMeta', () => {
  beforeEach(() => {
    document.title = 'Agency';
    delete document.documentElement.dataset.titleFor;
    window.history.replaceState(null, '', '/pricing');
  });

  it('sets the title and description while the page is shown, and puts the old ones back when it goes', () => {
    const { unmount } = render(<Page title="Pricing plans | Agency" />);
    expect(document.title).toBe('Pricing plans | Agency');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'About Pricing plans | Agency',
    );
    unmount();
    expect(document.title).toBe('Agency');
  });

  it('marks the title with the path it was set for, and not the one it puts back', () => {
    const { unmount } = render(<Page title="Pricing plans | Agency" />);
    expect(document.documentElement.dataset.titleFor).toBe('/pricing');
    window.history.replaceState(null, '', '/faq');
    unmount();
    // The title put back belongs to no page: the mark still names the page that set one.
    expect(document.documentElement.dataset.titleFor).toBe('/pricing');
  });

  it('leaves the title alone while it is not known yet', () => {
    render(<Page title={null} />);
    expect(document.title).toBe('Agency');
    expect(document.documentElement.dataset.titleFor).toBeUndefined();
  });
});
