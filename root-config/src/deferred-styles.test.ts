// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDeferredStylesheets } from './deferred-styles';

describe('deferred stylesheets', () => {
  beforeEach(() => {
    document.head.innerHTML = `
      <style>.a{color:red}</style><link rel="stylesheet" href="/mf/a.css" disabled data-deferred>
      <style>.b{color:red}</style><link rel="stylesheet" href="/mf/b.css" disabled>
      <style>.c{color:red}</style><link rel="stylesheet" href="/mf/c.css" disabled data-deferred>`;
  });

  const link = (href: string) => document.head.querySelector<HTMLLinkElement>(`link[href="${href}"]`);

  it('enables only the marked links, and settles once each has loaded or failed', async () => {
    let settled = false;
    const loading = loadDeferredStylesheets(document).then(() => {
      settled = true;
    });
    expect(link('/mf/a.css')?.hasAttribute('disabled')).toBe(false);
    expect(link('/mf/c.css')?.hasAttribute('disabled')).toBe(false);
    // A whole file the page carries inline stays disabled: nothing of it is missing.
    expect(link('/mf/b.css')?.hasAttribute('disabled')).toBe(true);
    link('/mf/a.css')?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    link('/mf/c.css')?.dispatchEvent(new Event('error'));
    await loading;
    expect(settled).toBe(true);
    // Enabled once: a second call finds nothing left to wait for.
    await loadDeferredStylesheets(document);
  });

  it('settles at once on a page without any', async () => {
    document.head.innerHTML = '';
    await expect(loadDeferredStylesheets(document)).resolves.toBeUndefined();
  });
});
