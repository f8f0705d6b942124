import { Link, type PostSummary, useLanguage, useTranslation } from '@agency/core';
import { storedImageSrcSet, storedImageUrl } from '@agency/core/images';
import { formatPublishedDate } from '@agency/core/rules';
import { useState } from 'react';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { useLatestPosts } from '../api/get-latest-posts';

function TeaserCard({ post }: { post: PostSummary }) {
  const language = useLanguage();
  const [failed, setFailed] = useState(false);
  return (
    <article className="teaser-card">
      {post.poster_image && !failed ? (
        <img
          className="teaser-card__poster"
          src={storedImageUrl(post.poster_image)}
          srcSet={storedImageSrcSet(post.poster_image) || undefined}
          sizes="(max-width: 42rem) 100vw, (max-width: 64rem) 50vw, 24rem"
          alt=""
          width={1200}
          height={675}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <div className="teaser-card__poster teaser-card__poster--empty" aria-hidden="true" />
      )}
      <div className="teaser-card__body">
        <time className="teaser-card__date" dateTime={post.published_at}>
          {formatPublishedDate(post.published_at, language)}
        </time>
        <h3 className="teaser-card__title">
          <Link to={`/blog/${encodeURIComponent(post.slug)}`} className="teaser-card__link">
            {post.title}
          </Link>
        </h3>
        <p className="teaser-card__text">{post.description}</p>
      </div>
    </article>
  );
}

/** Up to three of the newest posts in the reader's language, with loading, error and empty states. */
export function BlogTeaser({ title }: { title: string }) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const state = useLatestPosts(language);

  return (
    <Section title={title} alt>
      {state.status === 'loading' && <Spinner label={t('home.blog.loading')} />}
      {state.status === 'error' && (
        <p className="mk-state mk-state--error" role="alert">
          {t('home.blog.error')}
        </p>
      )}
      {state.status === 'success' &&
        (state.data.length === 0 ? (
          <p className="mk-state">{t('home.blog.empty')}</p>
        ) : (
          <ul className="teaser-grid">
            {state.data.map((post) => (
              <li key={post.id}>
                <TeaserCard post={post} />
              </li>
            ))}
          </ul>
        ))}
      <p className="mk-section__more">
        <Link to="/blog" className="button button--secondary">
          {t('home.blog.viewAll')}
        </Link>
      </p>
    </Section>
  );
}
