// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallbackLifecycles } from './fallback';

const props = { name: 'x', singleSpa: {}, mountParcel: () => ({}) } as never;

describe('fallbackLifecycles', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    { lang: 'en' as const, title: 'This part of the page could not be loaded.', retry: 'Try again' },
    { lang: 'ar' as const, title: 'تعذّر تحميل هذا الجزء من الصفحة.', retry: 'إعادة المحاولة' },
  ])('shows a translated message and a retry button ($lang)', async ({ lang, title, retry }) => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const onRetry = vi.fn();
    const app = fallbackLifecycles(() => container, onRetry, lang);
    await (app.mount as (p: never) => Promise<void>)(props);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(title);
    const button = container.querySelector('button');
    expect(button?.textContent).toBe(retry);
    button?.click();
    expect(onRetry).toHaveBeenCalledOnce();
    expect(document.documentElement.dir).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await (app.unmount as (p: never) => Promise<void>)(props);
    expect(container.innerHTML).toBe('');
  });
});
