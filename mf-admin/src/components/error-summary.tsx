import type { MouseEvent, Ref } from 'react';

export interface SummaryError {
  /** The id of the field the problem is in: its link leads there. */
  id: string;
  message: string;
}

/** Moves focus to the field a link names (the link's own jump would not focus a rich-text box). */
function goToField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * A form's problems all at once, above it, as GOV.UK's error summary shows them: a heading, then every problem
 * as a link to its field. The editor forms put it in their alert, which gets focus after a refused submit.
 */
export function ErrorSummary({ title, errors }: { title: string; errors: readonly SummaryError[] }) {
  return (
    <>
      <h2 className="error-summary__title">{title}</h2>
      <ul className="error-summary__list">
        {errors.map(({ id, message }) => (
          <li key={id}>
            <a href={`#${id}`} onClick={(event) => goToField(event, id)}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A summary's entries for a form's field errors (keyed by field or path, as core's rules and the server name
 * them): each field's first problem, led by the label the form shows for it, linked to the field (`idOf`).
 */
export function summaryOf(
  errors: Partial<Record<string, readonly string[]>>,
  idOf: (path: string) => string,
  say: (key: string, path: string) => string,
): SummaryError[] {
  return Object.entries(errors).flatMap(([path, keys]) => {
    const key = keys?.[0];
    if (!key) return [];
    const id = idOf(path);
    const label = document
      .querySelector(`label[for="${CSS.escape(id)}"]`)
      ?.textContent?.replace('*', '')
      .trim();
    const message = say(key, path);
    return [{ id, message: label ? `${label}: ${message}` : message }];
  });
}

/** What an editor form says above itself: a refusal (with its summary), a failure, or a note. */
export interface FormAlertState {
  kind: 'error' | 'info';
  text: string;
  /** A refused save's problems, each linked to its field (the error summary). */
  errors?: SummaryError[];
}

/** The alert above a content form; it gets focus when it changes (the forms move it there). */
export function FormAlert({ alert, ref }: { alert: FormAlertState; ref: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`admin-alert admin-alert--${alert.kind}`}
      role={alert.kind === 'error' ? 'alert' : 'status'}
    >
      {alert.errors && alert.errors.length > 0 ? (
        <ErrorSummary title={alert.text} errors={alert.errors} />
      ) : (
        alert.text
      )}
    </div>
  );
}
