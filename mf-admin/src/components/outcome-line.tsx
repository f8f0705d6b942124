import { type ReactElement, useCallback, useRef, useState } from 'react';

/**
 * An action's outcome written on the page (a toast goes; this stays): a status line, present and empty from
 * the start so that what it later says is announced. `report(text, error, focus)` fills it, and moves focus
 * to it when asked: when the control that was pressed is gone (a deleted row, a retried e-mail).
 */
export function useOutcome(): {
  line: ReactElement;
  report: (text: string, error: boolean, focus?: boolean) => void;
} {
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  const report = useCallback((text: string, error: boolean, focus = true) => {
    setOutcome({ text, error });
    if (focus) requestAnimationFrame(() => ref.current?.focus());
  }, []);
  const tone = outcome?.error ? 'admin-alert--error' : 'admin-alert--success';
  const line = (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={`admin-notice${outcome ? ` admin-alert ${tone}` : ''}`}
    >
      {outcome?.text}
    </p>
  );
  return { line, report };
}
