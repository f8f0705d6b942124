import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves in a task of its own, after every microtask queued', async () => {
    let chained = 0;
    let chain: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 200; i++) chain = chain.then(() => chained++);
    await yieldToMain();
    // A promise that resolved at once would have come back in the middle of the chain.
    expect(chained).toBe(200);
    await chain;
  });

  it("uses the browser's scheduler.yield when there is one", async () => {
    const yieldSpy = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldSpy });
    await yieldToMain();
    expect(yieldSpy).toHaveBeenCalledTimes(1);
  });
});
