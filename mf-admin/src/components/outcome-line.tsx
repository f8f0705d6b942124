import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';

/**
 * An action's outcome written on the page (a toast goes; this stays). A success is said in a status line
 * (`role="status"`, announced politely), present and empty from the start so that what it later says is
 * announced; a failure in an alert (`role="alert"`, announced at once, as it appears), never in the same
 * polite line. A new outcome replaces the last. `report(text, error, focus)` says one, and moves focus to it
 * when asked: when the control that was pressed is gone (a deleted row, a retried e-mail).
 */
export function useOutcome(): {
  line: ReactElement;
  report: (text: string, error: boolean, focus?: boolean) => void;
} {
  const [outcome, setOutcome] = useState<{ text: string; error: boolean; focus: boolean } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const report = useCallback((text: string, error: boolean, focus = true) => {
    setOutcome({ text, error, focus });
  }, []);
  // Once it is written: the alert is a new element.
  useEffect(() => {
    if (outcome?.focus) (outcome.error ? alertRef : statusRef).current?.focus();
  }, [outcome]);
  const success = outcome && !outcome.error ? outcome.text : null;
  const failure = outcome?.error ? outcome.text : null;
  const line = (
    <>
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={`admin-notice${success ? ' admin-alert admin-alert--success' : ''}`}
      >
        {success}
      </p>
      {failure && (
        <p ref={alertRef} tabIndex={-1} role="alert" className="admin-notice admin-alert admin-alert--error">
          {failure}
        </p>
      )}
    </>
  );
  return { line, report };
}
