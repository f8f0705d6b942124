import { formatInteger, Link, type PaginationLink, useLanguage, useTranslation } from '@agency/core';
import type { ReactNode } from 'react';
import { blogPathForLink, decodeLabel, linkKind } from '../lib/pagination';

function Chevron() {
  return (
    <svg className="blog-pagination__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The server's pagination links as buttons: previous and next translated, page numbers in the reader's
 * digits, the current page marked, links without a url disabled. Each one leads to /blog?page=N (keeping the
 * search, `q`).
 */
export function Pagination({ links, q }: { links: PaginationLink[]; q?: string }) {
  const { t } = useTranslation('blog');
  const language = useLanguage();

  return (
    <nav className="blog-pagination" aria-label={t('pagination.label')}>
      <ul className="blog-pagination__list">
        {links.map((link, index) => {
          const kind = linkKind(link.label);
          const text = decodeLabel(link.label);
          const pageNumber = Number(text);
          let content: ReactNode = text;
          let name: string | undefined;
          if (kind === 'previous') content = [<Chevron key="c" />, t('pagination.previous')];
          if (kind === 'next') content = [t('pagination.next'), <Chevron key="c" />];
          if (kind === 'page') {
            content = formatInteger(pageNumber, language);
            name = t('pagination.page', { page: formatInteger(pageNumber, language) });
          }
          const className = `blog-pagination__item blog-pagination__item--${kind}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's list has no ids and labels can repeat ('...').
            <li key={index}>
              {kind === 'gap' ? (
                <span className={className}>{content}</span>
              ) : link.url === null ? (
                <button type="button" className={className} disabled aria-label={name}>
                  {content}
                </button>
              ) : (
                <Link
                  className={`${className}${link.active ? ' is-current' : ''}`}
                  to={blogPathForLink(link.url, q)}
                  aria-current={link.active ? 'page' : undefined}
                  aria-label={name}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
