import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { OfflineBanner } from './offline-banner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('appears while the browser is offline and goes away when it is back', () => {
    renderWithShell(<OfflineBanner />);
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Pages and posts you have opened before are still available.',
    );
    goOffline(false);
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it('speaks Arabic', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithShell(<OfflineBanner />, { lng: 'ar' });
    expect(screen.getByRole('status')).toHaveTextContent('أنت غير متصل بالإنترنت');
  });
});
