import { ApiError, useDocumentMeta, useLanguage, useParams, useSiteName, useTranslation } from '@agency/core';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/spinner';
import { httpErrorMessage } from '../../../lib/errors';
import { usePost } from '../api/get-post';
import { BackLink } from './back-link';
import { PostArticle } from './post-article';
import './post.css';

/** A page-level message in place of the post (not found, other language), titled for the tab too. */
function PostNotice({ title, text }: { title: string; text: string }) {
  useDocumentMeta(useTranslation('blog').t('post.documentTitle', { title, name: useSiteName() }));
  return (
    <Notice tone="info" title={title} headingLevel={1} action={<BackLink />}>
      <p className="blog-notice__text">{text}</p>
    </Notice>
  );
}

/** /blog/{slug}: the post, or why it cannot be shown. */
export function PostPage() {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  const { slug = '' } = useParams();
  const post = usePost(slug, language);

  let body: ReactNode;
  if (post.status === 'loading') {
    body = <Spinner label={t('post.loading')} />;
  } else if (post.status === 'error') {
    const { error } = post;
    body =
      error instanceof ApiError && error.status === 404 ? (
        <PostNotice title={t('post.notFound')} text={t('post.notFoundText')} />
      ) : (
        <LoadFailure
          error={error}
          message={httpErrorMessage(error, t) ?? t('errors.postDefault')}
          onRetry={post.retry}
        />
      );
  } else if (post.data.language !== language) {
    body = <PostNotice title={t('post.otherLanguage')} text={t('post.otherLanguageText')} />;
  } else {
    body = <PostArticle post={post.data} />;
  }

  return (
    <div className="container post-page" data-page="blog-post">
      {body}
    </div>
  );
}
