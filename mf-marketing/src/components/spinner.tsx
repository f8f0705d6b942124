/** A loading indicator with its text for screen readers and sighted visitors alike. */
export function Spinner({ label }: { label: string }) {
  return (
    <p className="mk-spinner" role="status">
      <span className="mk-spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </p>
  );
}
