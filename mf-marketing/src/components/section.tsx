import { type ReactNode, useId } from 'react';

interface SectionProps {
  title: string;
  /** A line under the title. */
  lead?: string;
  /** The tinted background that alternates with the plain one down the page. */
  alt?: boolean;
  /** The title is for assistive technology only (the content says it visually). */
  hiddenTitle?: boolean;
  className?: string;
  children: ReactNode;
}

/** A page block: a landmark region named by its h2, in the page's container. */
export function Section({
  title,
  lead,
  alt = false,
  hiddenTitle = false,
  className = '',
  children,
}: SectionProps) {
  const id = useId();
  return (
    <section
      className={`mk-section${alt ? ' mk-section--alt' : ''} ${className}`.trim()}
      aria-labelledby={id}
    >
      <div className="container">
        <h2 id={id} className={hiddenTitle ? 'visually-hidden' : 'mk-section-title'}>
          {title}
        </h2>
        {lead && <p className="mk-section-lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
