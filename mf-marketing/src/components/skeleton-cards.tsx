/**
 * Grey stand-ins for cards that are loading, with the loading text for screen readers: the block takes about
 * the room the cards will take, so what follows does not jump when they arrive.
 */
export function SkeletonCards({
  count,
  label,
  listClassName,
}: {
  count: number;
  label: string;
  listClassName: string;
}) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <ul className={listClassName} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <li key={i}>
            <div className="skeleton-card" />
          </li>
        ))}
      </ul>
    </>
  );
}
