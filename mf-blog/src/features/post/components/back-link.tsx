import { Link, useTranslation } from '@agency/core';
import { BLOG_PATH } from '../../../lib/post-url';

/** A link back to the list, with an arrow that points the reading direction's way back. */
export function BackLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation('blog');
  return (
    <Link className={`blog-back-link ${className}`.trim()} to={BLOG_PATH}>
      <svg className="blog-back-link__arrow" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path
          d="M13 8H3m4-4L3 8l4 4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      {t('post.backToBlog')}
    </Link>
  );
}
