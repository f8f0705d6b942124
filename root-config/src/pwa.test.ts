// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { afterStart, IDLE_TIMEOUT_MS } from './pwa';

/** A window whose idle callbacks and timers the test runs by hand. */
function fakeWindow({ idleCallbacks = true } = {}) {
  const idle: { run: () => void; timeout: number | undefined }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const win = {
    addEventListener: window.addEventListener.bind(window),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    ...(idleCallbacks
      ? {
          requestIdleCallback: (run: () => void, options?: { timeout: number }) =>
            idle.push({ run, timeout: options?.timeout }),
        }
      : {}),
  } as unknown as Parameters<typeof afterStart>[0];
  return { win, idle, timers };
}

describe('afterStart (when the service worker is registered)', () => {
  it('waits for the first apps to be mounted, then for the browser to be idle', () => {
    const { win, idle } = fakeWindow();
    const run = vi.fn();
    afterStart(win, run);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('single-spa:routing-event'));
    expect(idle).toEqual([{ run: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
    expect(run).not.toHaveBeenCalled();
    idle[0]?.run();
    expect(run).toHaveBeenCalledTimes(1);
    // Later navigations in the app do not register it again.
    window.dispatchEvent(new Event('single-spa:routing-event'));
    expect(idle).toHaveLength(1);
  });

  it('takes a timer where the browser has no idle callbacks', () => {
    const { win, timers } = fakeWindow({ idleCallbacks: false });
    const run = vi.fn();
    afterStart(win, run);
    window.dispatchEvent(new Event('single-spa:routing-event'));
    expect(timers).toEqual([{ run, ms: 0 }]);
    timers[0]?.run();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
