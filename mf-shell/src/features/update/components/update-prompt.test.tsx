import { announceUpdate } from '@agency/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { ToastRegion } from '../../toasts/components/toast-region';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  it('offers the waiting version in a toast whose button applies it', async () => {
    renderWithShell(
      <>
        <ToastRegion />
        <UpdatePrompt />
      </>,
    );
    const apply = vi.fn();
    act(() => announceUpdate({ apply }));
    expect(await screen.findByText('A new version of the site is available.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
