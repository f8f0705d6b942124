import { toast } from '@agency/core';
import { CONTACT_REPLAY, CONTACT_SENT } from '@agency/core/contact-queue';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { ContactDelivery } from './contact-delivery';

/** A page under a service worker: its container (messages from the worker) and the worker it posts to. */
function controlledPage(controller: { postMessage: (message: unknown) => void } | null) {
  const container = Object.assign(new EventTarget(), { controller });
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }));
  return {
    container,
    news: (data: object) =>
      act(() => {
        container.dispatchEvent(Object.assign(new Event('message'), { data }));
      }),
  };
}

describe('ContactDelivery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the worker for its queue, again when back online, and says when a kept message has gone', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const worker = { postMessage: vi.fn() };
    const { news } = controlledPage(worker);
    renderWithShell(<ContactDelivery />);
    await waitFor(() => expect(worker.postMessage).toHaveBeenCalledWith({ type: CONTACT_REPLAY }));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(worker.postMessage).toHaveBeenCalledTimes(2);
    news({ type: CONTACT_SENT, key: 'k-1', ok: true });
    expect(success).toHaveBeenCalledWith(
      'You are back online: the message you wrote offline has been sent.',
      {
        toastId: 'contact-k-1',
      },
    );
  });

  it('says so in Arabic, and when the server refused the message', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const worker = { postMessage: vi.fn() };
    const { news } = controlledPage(worker);
    renderWithShell(<ContactDelivery />, { lng: 'ar' });
    await waitFor(() => expect(worker.postMessage).toHaveBeenCalled());
    news({ type: CONTACT_SENT, key: 'k-2', ok: false });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('رفض الخادم رسالتك'), {
      toastId: 'contact-k-2',
    });
  });

  it('waits for a worker to take the page over before it asks anything', async () => {
    const { container } = controlledPage(null);
    renderWithShell(<ContactDelivery />);
    const worker = { postMessage: vi.fn() };
    container.controller = worker;
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    await waitFor(() => expect(worker.postMessage).toHaveBeenCalledWith({ type: CONTACT_REPLAY }));
  });
});
