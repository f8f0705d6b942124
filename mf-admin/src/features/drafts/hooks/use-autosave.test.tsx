import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PostFields } from '../../../lib/admin-db';
import { clearAdminDb } from '../../../testing/idb';
import { getDraft, newDraftKey } from '../api/draft-store';
import { type DraftSnapshot, useAutosave } from './use-autosave';

const snapshot = (title: string): DraftSnapshot => ({
  key: newDraftKey('a'),
  kind: 'new',
  slug: null,
  fields: { title } as PostFields,
  slugFollowsTitle: true,
  image: null,
  removeImage: false,
  existingImage: null,
  baseVersion: null,
});

function unloadIsBlocked(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useAutosave', () => {
  beforeEach(() => clearAdminDb());

  it('saves within a second of a change and warns before the tab closes until the server has it', async () => {
    const { result, rerender } = renderHook((props) => useAutosave(props), {
      initialProps: { snapshot: snapshot(''), enabled: true, dirty: false, cleanState: 'idle' as const },
    });
    expect(unloadIsBlocked()).toBe(false);
    rerender({ snapshot: snapshot('Typed'), enabled: true, dirty: true, cleanState: 'idle' });
    expect(result.current.state.status).toBe('saving');
    expect(unloadIsBlocked()).toBe(true);
    await waitFor(() => expect(result.current.state.status).toBe('local'), { timeout: 1000 });
    expect((await getDraft(newDraftKey('a')))?.fields.title).toBe('Typed');
    await act(() => result.current.markSent(newDraftKey('a')));
    expect(result.current.state.status).toBe('server');
    expect(await getDraft(newDraftKey('a'))).toBeUndefined();
    expect(unloadIsBlocked()).toBe(false);
  });

  it('saves nothing while disabled (a restore prompt is waiting)', async () => {
    const { result } = renderHook(() =>
      useAutosave({ snapshot: snapshot('Typed'), enabled: false, dirty: true, cleanState: 'idle' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(result.current.state.status).toBe('idle');
    expect(await getDraft(newDraftKey('a'))).toBeUndefined();
  });

  it('a save still pending when the server accepts the work cannot bring the draft back', async () => {
    const { result } = renderHook(() =>
      useAutosave({ snapshot: snapshot('Typed'), enabled: true, dirty: true, cleanState: 'idle' }),
    );
    await act(async () => {
      void result.current.flush();
      await result.current.markSent(newDraftKey('a'));
    });
    expect(await getDraft(newDraftKey('a'))).toBeUndefined();
  });

  it('leaving the screen before the debounce ends still writes the change', async () => {
    const { rerender, unmount } = renderHook((props) => useAutosave(props), {
      initialProps: { snapshot: snapshot(''), enabled: true, dirty: false, cleanState: 'idle' as const },
    });
    rerender({ snapshot: snapshot('Last words'), enabled: true, dirty: true, cleanState: 'idle' });
    unmount();
    await waitFor(async () => expect((await getDraft(newDraftKey('a')))?.fields.title).toBe('Last words'));
  });
});
