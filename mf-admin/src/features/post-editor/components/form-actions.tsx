import { useTranslation } from '@agency/core';
import { useEffect, useRef } from 'react';
import { SaveIndicator, type SaveState } from '../../drafts/components/save-indicator';

export type Busy = 'idle' | 'saving' | 'deleting';

interface FormActionsProps {
  mode: 'create' | 'edit';
  busy: Busy;
  disabled: boolean;
  saveState: SaveState;
  onDelete?: () => void;
}

/** Room kept between a focused field and the bar, in px. */
const CLEARANCE = 8;

/**
 * Scrolls the page so that `field` sits wholly above `bar` (WCAG 2.4.12), or, when it is taller than the room
 * above the bar, so that its start shows at the top. Nothing moves when it is clear already.
 */
export function scrollClearOf(field: Element, bar: Element): void {
  const box = field.getBoundingClientRect();
  const top = bar.getBoundingClientRect().top;
  if (box.height === 0) return;
  const room = top - CLEARANCE;
  const under = box.bottom - room;
  if (box.height > room) {
    if (box.top < 0 || box.top > room - 48)
      window.scrollBy({ top: box.top - CLEARANCE, behavior: 'instant' });
  } else if (under > 0) {
    window.scrollBy({ top: under, behavior: 'instant' });
  } else if (box.top < 0) {
    window.scrollBy({ top: box.top - CLEARANCE, behavior: 'instant' });
  }
}

/**
 * The bar's height, as `--save-bar-height` on the page while it is shown: the page's scroll padding leaves
 * that much room above the bottom edge. Browsers do not all keep to scroll padding when focus moves (Chromium
 * left a field 12-89 px under the bar on a phone), so a field that gets focus is also scrolled clear of the bar
 * once the browser has done its own scrolling (WCAG 2.4.11 and 2.4.12).
 */
function useSaveBarRoom() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--save-bar-height', `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    let frame = 0;
    const focused = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof Element) || element.contains(field)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (document.activeElement === field) scrollClearOf(field, element);
      });
    };
    document.addEventListener('focusin', focused);
    return () => {
      observer?.disconnect();
      document.removeEventListener('focusin', focused);
      cancelAnimationFrame(frame);
      root.style.removeProperty('--save-bar-height');
    };
  }, []);
  return bar;
}

/** Where the work is saved, and the submit (and, when editing, delete) buttons. */
export function FormActions({ mode, busy, disabled, saveState, onDelete }: FormActionsProps) {
  const { t } = useTranslation('admin');
  const bar = useSaveBarRoom();
  const submitLabel =
    mode === 'create'
      ? t(busy === 'saving' ? 'editor.creating' : 'editor.create')
      : t(busy === 'saving' ? 'editor.updating' : 'editor.update');
  return (
    <div className="form-actions" ref={bar}>
      <SaveIndicator state={saveState} />
      <div className="form-actions__buttons">
        {onDelete && (
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={onDelete}
            disabled={busy !== 'idle' || disabled}
          >
            {busy === 'deleting' ? t('editor.deleting') : t('editor.delete')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={busy !== 'idle' || disabled}>
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
