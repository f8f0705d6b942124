import { useMemo } from 'react';
import { sanitizePostHtml } from '../lib/sanitize';

/** The post's HTML, sanitized before it reaches the page. */
export function PostContent({ html }: { html: string }) {
  const safe = useMemo(() => sanitizePostHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify with the editor's allow-list just above.
  return <div className="post-content" dangerouslySetInnerHTML={{ __html: safe }} />;
}
