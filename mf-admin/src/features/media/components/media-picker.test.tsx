import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch';
import { makeMedia, mediaPage } from '../../../testing/media';
import { renderAdmin } from '../../../testing/render';
import { LibraryButton } from './library-button';

const ITEMS = [
  makeMedia({ id: 2, file_name: 'team.jpg', alt: { en: 'The team', ar: 'الفريق' } }),
  makeMedia({ id: 1, file_name: 'office.png' }),
];

function server() {
  const asked: URLSearchParams[] = [];
  mockFetch((call) => {
    if (call.url.pathname !== '/api/media') return undefined;
    asked.push(call.url.searchParams);
    const q = call.url.searchParams.get('q');
    return json(mediaPage(q ? ITEMS.filter((item) => item.file_name.includes(q)) : ITEMS));
  });
  return asked;
}

/** The button inside a form of its own, as the post's form holds it. */
function renderButton(lng: 'en' | 'ar' = 'en') {
  const onChoose = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  renderAdmin(
    <form onSubmit={onSubmit}>
      <LibraryButton onChoose={onChoose} />
    </form>,
    { lng },
  );
  return { onChoose, onSubmit };
}

describe('LibraryButton and its picker', () => {
  it('opens a labelled modal dialog with the library, and gives back the image chosen (Enter)', async () => {
    server();
    const { onChoose } = renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image from the library' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Choose an image from the library' })).toHaveFocus();
    const team = await within(dialog).findByRole('button', { name: /team\.jpg/ });
    team.focus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(ITEMS[0]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose from library' })).toHaveFocus();
  });

  it('closes on Escape, giving the focus back; keeps the focus inside while open', async () => {
    server();
    const { onChoose } = renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: /office\.png/ });
    // Shift+Tab from the first control goes to the last; Tab from the last to the first.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: /office\.png/ })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose from library' })).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('searches without sending the form it was opened from, and says when nothing matches', async () => {
    const asked = server();
    const { onSubmit } = renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search images' }), 'zzz{Enter}');
    expect(await within(dialog).findByText('No image matches “zzz”.')).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('zzz'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('speaks Arabic, right to left, in Arabic', async () => {
    server();
    renderButton('ar');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'اختيار من المكتبة' }));
    const dialog = await screen.findByRole('dialog', { name: 'اختر صورة من المكتبة' });
    expect(dialog).toHaveAttribute('dir', 'rtl');
    expect(await within(dialog).findByText('الفريق')).toBeInTheDocument();
  });
});
