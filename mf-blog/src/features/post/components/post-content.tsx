import {
  type Language,
  useLanguage,
  useNavigate,
  useServerRender,
  useTranslation,
  withLanguage,
} from '@agency/core';
import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { renderPostHtml } from '../lib/sanitize';

/** A link of the post to a public page of the site carries the page's language, as the site's own links do. */
function linksInLanguage(root: Element, language: Language) {
  for (const link of root.querySelectorAll('a[href^="/"]'))
    link.setAttribute('href', withLanguage(link.getAttribute('href') ?? '', language));
}

/** The same for the server's markup (attribute values as the sanitizer wrote them: `&` as `&amp;`). */
export function markupInLanguage(html: string, language: Language): string {
  return html.replace(
    / href="(\/[^"]*)"/g,
    (_match, href: string) =>
      ` href="${withLanguage(href.replaceAll('&amp;', '&'), language).replaceAll('&', '&amp;')}"`,
  );
}

/** The post's HTML, sanitized before it reaches the page. */
export function PostContent({ html }: { html: string }) {
  const { t } = useTranslation('blog');
  const ref = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const language = useLanguage();
  // On the server the post is written into the page, cleaned by the server's sanitizer (the API's allow-list),
  // so it reads before any script runs. In the browser React leaves that markup alone (an empty inner HTML is
  // never compared in hydration) and the effect below puts the browser's own clean copy in its place.
  const server = useServerRender();
  const inner = { __html: server ? markupInLanguage(server.sanitizeHtml(html), language) : '' };

  // Before paint, so the text appears with the rest of the post. Only a browser without the Sanitizer API
  // waits (for DOMPurify), and only that download can fail: offline, before the site was saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs it for "Try again".
  useLayoutEffect(() => {
    const target = ref.current;
    if (!target) return;
    let current = true;
    setFailure(null);
    const rendered = renderPostHtml(target, html);
    if (!rendered) linksInLanguage(target, language);
    rendered
      ?.then(() => linksInLanguage(target, language))
      .catch((error: unknown) => {
        if (current) setFailure({ error });
      });
    return () => {
      current = false;
    };
  }, [html, attempt, language]);

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
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the links inside are the interactive elements; Enter on a link fires this click too. */}
      <div
        className="post-content"
        ref={ref}
        onClick={followInternalLink}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized copy, or nothing.
        dangerouslySetInnerHTML={inner}
        suppressHydrationWarning
      />
      {failure && (
        <LoadFailure
          error={failure.error}
          message={t('errors.postDefault')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
    </>
  );
}
