import { Link, type PostSummary, useLanguage, useTranslation } from '@agency/core';
import { formatPublishedDate } from '@agency/core/rules';
import { PosterImage } from '../../../components/poster-image';
import { postUrl } from '../../../lib/post-url';
import { Highlight } from './highlight';

interface PostCardProps {
  post: PostSummary;
  /** The first card is above the fold: its poster loads at once, the others when scrolled near. */
  eager?: boolean;
}

/**
 * A post on the list: poster, category label (its status), title linking to the post, description, date. A
 * search's result shows the passage that matched instead of the description, the words found marked.
 */
export function PostCard({ post, eager = false }: PostCardProps) {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  const marks = post.marks;
  return (
    <article className="post-card">
      <PosterImage file={post.poster_image} className="post-card__poster" lazy={!eager} />
      <div className="post-card__body">
        <p className="post-card__category">
          {t(`status.${post.status === 'draft' ? 'draft' : 'published'}`)}
        </p>
        <h2 className="post-card__title">
          <Link className="post-card__link" to={postUrl(post.slug)}>
            {marks ? <Highlight text={post.title} ranges={marks.title} /> : post.title}
          </Link>
        </h2>
        {marks ? (
          <p className="post-card__description post-card__excerpt">
            <Highlight text={post.excerpt ?? post.description} ranges={marks.excerpt} />
          </p>
        ) : (
          <p className="post-card__description">{post.description}</p>
        )}
        <time className="post-card__date" dateTime={post.published_at}>
          {formatPublishedDate(post.published_at, language)}
        </time>
      </div>
    </article>
  );
}
