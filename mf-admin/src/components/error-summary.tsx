import type { MouseEvent } from 'react';

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
