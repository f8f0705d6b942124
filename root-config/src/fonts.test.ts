import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontsReady, SITE_FONT } from './fonts';

function fakeFonts(load: (font: string, text: string) => Promise<unknown>) {
  return { load: vi.fn(load) } as unknown as FontFaceSet & { load: ReturnType<typeof vi.fn> };
}

describe('fontsReady', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for the site font with Latin text in English and Arabic text in Arabic', async () => {
    const en = fakeFonts(async () => []);
    await fontsReady('en', 1000, en);
    expect(en.load).toHaveBeenCalledWith(`1em "${SITE_FONT}"`, 'Agency');
    const ar = fakeFonts(async () => []);
    await fontsReady('ar', 1000, ar);
    expect(ar.load.mock.calls[0]?.[1]).toMatch(/[\u0600-\u06FF]/);
    expect(ar.load.mock.calls[0]?.[1]).toMatch(/[A-Za-z]/);
  });

  it('waits no longer than its limit when the font never comes', async () => {
    vi.useFakeTimers();
    let done = false;
    const ready = fontsReady(
      'en',
      1000,
      fakeFonts(() => new Promise(() => undefined)),
    ).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(done).toBe(true);
  });

  it('does not wait when the font fails, or when the browser has no font loading API', async () => {
    await expect(
      fontsReady(
        'en',
        60_000,
        fakeFonts(() => Promise.reject(new Error('x'))),
      ),
    ).resolves.toBeUndefined();
    await expect(fontsReady('en', 60_000, null)).resolves.toBeUndefined();
  });
});
