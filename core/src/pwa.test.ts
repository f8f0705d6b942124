// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { announceUpdate, onUpdateAvailable } from './pwa';

describe('update announcements', () => {
  it('reach a listener that subscribes before or after the announcement', () => {
    const early = vi.fn();
    const stop = onUpdateAvailable(early);
    const apply = vi.fn();
    announceUpdate({ apply });
    expect(early).toHaveBeenCalledWith({ apply });
    stop();
    const late = vi.fn();
    onUpdateAvailable(late);
    expect(late).toHaveBeenCalledWith({ apply });
    late.mock.calls[0]?.[0].apply();
    expect(apply).toHaveBeenCalledOnce();
  });
});
