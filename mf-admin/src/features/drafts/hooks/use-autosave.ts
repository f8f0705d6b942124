import { useCallback, useEffect, useRef, useState } from 'react';
import { type DraftRecord, deleteDraft, saveDraft } from '../api/draft-store';
import type { SaveState } from '../components/save-indicator';

export type DraftSnapshot = Omit<DraftRecord, 'savedAt'>;

/** What identifies a draft's content: equal signatures need no new save. */
export function draftSignature(draft: DraftSnapshot): string {
  const { image, ...rest } = draft;
  return JSON.stringify({
    ...rest,
    image: image ? [image.name, image.type, image.blob.size] : null,
  });
}

export const AUTOSAVE_DELAY_MS = 500;

interface AutosaveOptions {
  snapshot: DraftSnapshot;
  /** False while a restore prompt waits for the editor's answer: nothing may overwrite that draft. */
  enabled: boolean;
  /** Whether the form differs from the server copy (edit) or from an empty form (new). */
  dirty: boolean;
  /** What the indicator says when there is nothing unsent: 'server' for an edit, 'idle' for a new post. */
  cleanState: 'server' | 'idle';
}

/**
 * Saves the form to IndexedDB within a second of every change (debounced), and says where the work is.
 * Saves and deletes run one after the other, so a save finishing late cannot bring back a draft that
 * the server has already accepted. Closing the tab with work not on the server asks first.
 */
export function useAutosave({ snapshot, enabled, dirty, cleanState }: AutosaveOptions) {
  const [state, setState] = useState<SaveState>({ status: cleanState });
  const latest = useRef(snapshot);
  latest.current = snapshot;
  const lastSaved = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const signature = draftSignature(snapshot);

  const run = useCallback(<T>(op: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(op, op);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const saveNow = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const draft = latest.current;
    const sig = draftSignature(draft);
    return run(async () => {
      try {
        const saved = await saveDraft(draft);
        lastSaved.current = sig;
        setState({ status: 'local', savedAt: saved.savedAt });
      } catch {
        setState({ status: 'error' });
      }
    });
  }, [run]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the snapshot.
  useEffect(() => {
    if (!enabled) return;
    if (!dirty) {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      if (lastSaved.current !== null) {
        const key = latest.current.key;
        lastSaved.current = null;
        run(() => deleteDraft(key).catch(() => undefined));
      }
      // 'Saved to server' stays after a submit until the next change.
      setState((current) => (current.status === 'server' ? current : { status: cleanState }));
      return;
    }
    if (signature === lastSaved.current) return;
    setState((current) => (current.status === 'saving' ? current : { status: 'saving' }));
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(saveNow, AUTOSAVE_DELAY_MS);
  }, [signature, enabled, dirty, cleanState]);

  // Leaving the screen (another admin screen, sign-in) writes what is still waiting for its debounce.
  useEffect(
    () => () => {
      if (timer.current !== undefined) void saveNow();
    },
    [saveNow],
  );

  const unsent = state.status === 'saving' || state.status === 'local' || state.status === 'error';
  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    // A pending change is written at once when the tab is hidden (it may never come back).
    const hide = () => {
      if (document.visibilityState === 'hidden' && timer.current !== undefined) void saveNow();
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('visibilitychange', hide);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('visibilitychange', hide);
    };
  }, [unsent, saveNow]);

  /** Writes any pending change now (before a submit, so a failed submit keeps it). */
  const flush = useCallback(async () => {
    if (dirty && draftSignature(latest.current) !== lastSaved.current) await saveNow();
    else await queue.current;
  }, [dirty, saveNow]);

  /** The server accepted the work: the draft goes. */
  const markSent = useCallback(
    async (key: string) => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      lastSaved.current = null;
      await run(() => deleteDraft(key).catch(() => undefined));
      setState({ status: 'server' });
    },
    [run],
  );

  /** A restored draft is already stored: no new save until it changes. */
  const adopt = useCallback((draft: DraftRecord) => {
    const { savedAt, ...rest } = draft;
    lastSaved.current = draftSignature(rest);
    setState({ status: 'local', savedAt });
  }, []);

  return { state, flush, markSent, adopt };
}
