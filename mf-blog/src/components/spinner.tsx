import { useId } from 'react';

/** A loading indicator that screen readers announce by its label. */
export function Spinner({ label }: { label: string }) {
  const id = useId();
  return (
    <div className="blog-spinner" role="status" aria-labelledby={id}>
      <span className="blog-spinner__ring" aria-hidden="true" />
      <span id={id} className="visually-hidden">
        {label}
      </span>
    </div>
  );
}
