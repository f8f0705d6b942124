import { afterEach, describe, expect, it, vi } from 'vitest';

function NoContainer() {
  return null;
}

// The module keeps one download per page: each test gets a fresh copy of it.
async function freshToast() {
  vi.resetModules();
  return import('./toast');
}

describe('toast', () => {
  afterEach(() => {
    vi.doUnmock('react-toastify/unstyled');
  });

  it('fetches react-toastify only once a toast is asked for, then tells the container', async () => {
    const { onToastsNeeded, toast } = await freshToast();
    const listener = vi.fn();
    onToastsNeeded(listener);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listener).not.toHaveBeenCalled();

    toast.info('Hello');
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(listener.mock.calls[0]?.[0]).toHaveProperty('ToastContainer');
  });

  it('downloads once however many toasts and containers ask', async () => {
    const { loadToastify, onToastsNeeded } = await freshToast();
    const first = loadToastify();
    expect(loadToastify()).toBe(first);
    const late = vi.fn();
    await first;
    onToastsNeeded(late); // a container mounted after the download gets it at once
    await vi.waitFor(() => expect(late).toHaveBeenCalledTimes(1));
  });

  it('passes each kind and its options through to react-toastify', async () => {
    const fire = Object.assign(vi.fn(), {
      info: vi.fn(),
      success: vi.fn(),
      warning: vi.fn(),
      error: vi.fn(),
      dismiss: vi.fn(),
    });
    vi.doMock('react-toastify/unstyled', () => ({ toast: fire, ToastContainer: NoContainer }));
    const { loadToastify, toast } = await freshToast();
    toast('Plain');
    toast.success('Saved', { toastId: 'saved' });
    toast.error('Failed');
    toast.warning('Careful');
    toast.info('Note');
    await loadToastify();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fire).toHaveBeenCalledWith('Plain', undefined);
    expect(fire.success).toHaveBeenCalledWith('Saved', { toastId: 'saved' });
    expect(fire.error).toHaveBeenCalledWith('Failed', undefined);
    expect(fire.warning).toHaveBeenCalledWith('Careful', undefined);
    expect(fire.info).toHaveBeenCalledWith('Note', undefined);
    toast.dismiss('saved');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fire.dismiss).toHaveBeenCalledWith('saved');
  });

  it('dismissing before any toast downloads nothing', async () => {
    const { onToastsNeeded, toast } = await freshToast();
    const listener = vi.fn();
    onToastsNeeded(listener);
    toast.dismiss();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listener).not.toHaveBeenCalled();
  });
});
