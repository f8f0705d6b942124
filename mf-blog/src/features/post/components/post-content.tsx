import { useNavigate } from '@agency/core';
import { type MouseEvent, useMemo } from 'react';
import { sanitizePostHtml } from '../lib/sanitize';

/** The post's HTML, sanitized before it reaches the page. */
export function PostContent({ html }: { html: string }) {
  const safe = useMemo(() => sanitizePostHtml(html), [html]);
  const navigate = useNavigate();

  // Links to the site's own pages (`/contact`) move inside the app, like the menu's links, instead of
  // reloading every micro-frontend. Modified clicks keep the browser's meaning (new tab, download).
  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[href]');
    const href = link?.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the links inside are the interactive elements; Enter on a link fires this click too.
    <div
      className="post-content"
      onClick={followInternalLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify with the editor's allow-list just above.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
