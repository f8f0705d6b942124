import type { ReactNode } from 'react';

interface NoticeProps {
  tone: 'error' | 'offline' | 'info';
  title: string;
  children?: ReactNode;
  /** A button or link under the text (retry, back to the blog). */
  action?: ReactNode;
  /** An alert is announced at once; an info notice (empty list) is not urgent. */
  role?: 'alert' | 'status';
  /** A page-level notice (post not found) is the page's heading. */
  headingLevel?: 1 | 2;
}

/** The box a page shows instead of its content: an error, the offline message, an empty list. */
export function Notice({ tone, title, children, action, role, headingLevel }: NoticeProps) {
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'p';
  return (
    <div className={`blog-notice blog-notice--${tone}`} role={role}>
      <Heading className="blog-notice__title">{title}</Heading>
      {children}
      {action ? <div className="blog-notice__action">{action}</div> : null}
    </div>
  );
}
