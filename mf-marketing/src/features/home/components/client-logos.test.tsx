import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_EN } from '../../../testing/home';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { ClientLogos, dotRange } from './client-logos';

/** The window's width in happy-dom (its media queries follow). */
function setWidth(width: number) {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(viewport: { width: number; height: number }): void };
  };
  happyDOM.setViewport({ width, height: 900 });
}

/** The dots' names, the current one marked with a star. */
function dots() {
  const carousel = screen.getByRole('region');
  return within(carousel)
    .getAllByRole('button')
    .filter((button) => button.closest('.slick-dots'))
    .map(
      (button) =>
        `${button.getAttribute('aria-current') === 'true' ? '*' : ''}${button.getAttribute('aria-label')}`,
    );
}

function currentDot() {
  return dots().find((name) => name.startsWith('*'));
}

/** Lets `ms` pass in steps, React taking in each step's updates as a browser would. */
async function wait(ms: number) {
  for (let passed = 0; passed < ms; passed += 50) await act(() => vi.advanceTimersByTimeAsync(50));
}

describe('client logo carousel', () => {
  beforeEach(() => setWidth(1280));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('names its dots by the logos they show, the last ending on the last logo, and marks the current one', async () => {
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />);
    expect(dots()).toEqual(['*Logos 1-4 of 15', 'Logos 5-8 of 15', 'Logos 9-12 of 15', 'Logos 12-15 of 15']);
  });

  it('names one logo a dot on a phone, and in Arabic', async () => {
    setWidth(390);
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />, {
      lng: 'ar',
    });
    const names = dots();
    expect(names).toHaveLength(15);
    expect(names[0]).toBe('*الشعار 1 من 15');
    expect(names[14]).toBe('الشعار 15 من 15');
  });

  it('names its dots in Arabic, in reading order', async () => {
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />, {
      lng: 'ar',
    });
    expect(dots()).toEqual([
      '*الشعارات 1-4 من 15',
      'الشعارات 5-8 من 15',
      'الشعارات 9-12 من 15',
      'الشعارات 12-15 من 15',
    ]);
  });

  it.each([
    ['en', TEXTS.en.home.clientsPause, TEXTS.en.home.clientsPlay],
    ['ar', TEXTS.ar.home.clientsPause, TEXTS.ar.home.clientsPlay],
  ] as const)('has a pause button that says what it will do (%s)', async (lng, pause, play) => {
    expect(pause).not.toBe(play);
    const user = userEvent.setup();
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />, { lng });
    await user.click(screen.getByRole('button', { name: pause }));
    await user.click(screen.getByRole('button', { name: play }));
    expect(screen.getByRole('button', { name: pause })).toBeInTheDocument();
  });

  it('moves on by itself every 3 seconds until paused, and again when played', async () => {
    vi.useFakeTimers();
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />);
    expect(currentDot()).toBe('*Logos 1-4 of 15');
    await wait(3700);
    expect(currentDot()).toBe('*Logos 5-8 of 15');
    fireEvent.click(screen.getByRole('button', { name: 'Pause logos' }));
    await wait(10_000);
    expect(currentDot()).toBe('*Logos 5-8 of 15');
    fireEvent.click(screen.getByRole('button', { name: 'Play logos' }));
    await wait(3700);
    expect(currentDot()).toBe('*Logos 9-12 of 15');
  });

  it('stays still while a dot has focus, and goes on when the focus leaves unless it was paused', async () => {
    vi.useFakeTimers();
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />);
    const dot = screen.getByRole('button', { name: 'Logos 5-8 of 15' });
    act(() => dot.focus());
    await wait(10_000);
    expect(currentDot()).toBe('*Logos 1-4 of 15');
    // On the pause button, it runs: that button starts and stops it.
    act(() => screen.getByRole('button', { name: 'Pause logos' }).focus());
    await wait(3700);
    expect(currentDot()).toBe('*Logos 5-8 of 15');
    fireEvent.click(screen.getByRole('button', { name: 'Pause logos' }));
    act(() => dot.focus());
    act(() => dot.blur());
    await wait(10_000);
    expect(currentDot()).toBe('*Logos 5-8 of 15');
    expect(screen.getByRole('button', { name: 'Play logos' })).toBeInTheDocument();
  });

  it('does not start by itself for visitors who asked for reduced motion', async () => {
    vi.useFakeTimers();
    const matchMedia = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) =>
      query.includes('prefers-reduced-motion')
        ? { ...matchMedia(query), matches: true, media: query }
        : matchMedia(query),
    );
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />);
    expect(screen.getByRole('button', { name: 'Play logos' })).toBeInTheDocument();
    await wait(10_000);
    expect(currentDot()).toBe('*Logos 1-4 of 15');
  });

  it('reads out only the logos on screen, also on the last slide, which slick counts wrong', async () => {
    vi.useFakeTimers();
    await renderMarketing(<ClientLogos title={HOME_EN.texts.clients_title} logos={HOME_EN.logos} />);
    const readOut = () =>
      [...screen.getByRole('region').querySelectorAll('.slick-slide:not([aria-hidden="true"]) img')].map(
        (img) => img.getAttribute('alt'),
      );
    expect(readOut()).toEqual(['Nour Foods', 'Atlas Logistics', 'Cedar Clinics', 'Falcon Motors']);
    fireEvent.click(screen.getByRole('button', { name: 'Logos 12-15 of 15' }));
    await wait(1000);
    expect(currentDot()).toBe('*Logos 12-15 of 15');
    // slick shows logos 12 to 15 there, and would read 13 to 15 and the first one's copy.
    expect(readOut()).toEqual(['Lumen Optics', 'Saffron Kitchen', 'Orbit Fitness', 'Qamar Jewels']);
  });
});

describe('dot ranges', () => {
  it.each([
    [0, 4, 1, 4],
    [2, 4, 9, 12],
    [3, 4, 12, 15],
    [4, 3, 13, 15],
    [7, 2, 14, 15],
    [2, 1, 3, 3],
  ])('dot %i of %i a slide shows logos %i to %i', (index, slides, from, to) => {
    expect(dotRange(index, slides, 15)).toEqual({ from, to });
  });
});
