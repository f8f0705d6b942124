import {
  formatInteger,
  type Post,
  useDocumentMeta,
  useLanguage,
  useSiteName,
  useTranslation,
} from '@agency/core';
// Only the post's page shows a time: written out here, out of core's shared code.
import { formatPublishedDateTime, localDigits, readingTime } from '@agency/core/rules';
import { PosterImage } from '../../../components/poster-image';
import { BackLink } from './back-link';
import { PostContent } from './post-content';

/** A post set for reading: title, date, description, poster, then its content. */
export function PostArticle({ post }: { post: Post }) {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  const title = post.seo_title?.trim() || post.title;
  // At the pace of the post's language, as its editor was shown (core's readingTime).
  const { minutes } = readingTime(post.content ?? '', post.language);
  useDocumentMeta(
    t('post.documentTitle', { title, name: useSiteName() }),
    post.seo_description?.trim() || post.description,
  );
  return (
    <article className="post-article">
      <header className="post-article__header">
        <BackLink />
        <h1 className="post-article__title">{post.title}</h1>
        <p className="post-article__meta">
          <span className="post-article__category">
            {t(`status.${post.status === 'draft' ? 'draft' : 'published'}`)}
          </span>
          {/* The day, hour and zone on the site's clock, as the server wrote them (core's numbers.ts). */}
          <time dateTime={post.published_at}>{formatPublishedDateTime(post.published_at, language)}</time>
          {minutes > 0 && (
            <span className="post-article__reading">
              {t('post.readingTime', {
                count: minutes,
                minutes: localDigits(formatInteger(minutes, language), language),
              })}
            </span>
          )}
        </p>
        {post.description ? <p className="post-article__lead">{post.description}</p> : null}
      </header>
      <PosterImage
        file={post.poster_image}
        className="post-article__poster"
        lazy={false}
        sizes="(max-width: 48rem) 100vw, 48rem"
      />
      <PostContent html={post.content ?? ''} />
    </article>
  );
}
