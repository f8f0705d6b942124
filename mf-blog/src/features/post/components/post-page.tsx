import {
  ApiError,
  LANGUAGES,
  Link,
  offerPageInLanguages,
  type Post,
  type PostTranslation,
  useDocumentMeta,
  useLanguage,
  useLocation,
  useNavigate,
  useParams,
  useSiteName,
  useTranslation,
} from '@agency/core';
import { type ReactNode, useEffect } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/spinner';
import { httpErrorMessage } from '../../../lib/errors';
import { BLOG_PATH, postUrl } from '../../../lib/post-url';
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

/** A post in another language than the reader's, whose translation is in the reader's: offered instead. */
function TranslationNotice({ post, translation }: { post: Post; translation: PostTranslation }) {
  const { t } = useTranslation('blog');
  const title = t(`post.writtenIn.${post.language}`);
  useDocumentMeta(t('post.documentTitle', { title, name: useSiteName() }));
  return (
    <Notice
      tone="info"
      title={title}
      headingLevel={1}
      action={
        <>
          <Link className="button button--primary" to={postUrl(translation.slug)} lang={translation.language}>
            {t('post.readTranslation')}
          </Link>
          <BackLink />
        </>
      }
    >
      <p className="blog-notice__text">
        {t('post.translationText')} <q lang={translation.language}>{translation.title}</q>
      </p>
    </Notice>
  );
}

/**
 * Tells the language switch where a post is in the other languages: its translation's address, or, when it has
 * none in a language, the blog in that language, where the reader can go on (rather than this post again, which
 * would only say it is not written in their language). Switching to the post's own language stays on it.
 */
function usePostForLanguageSwitch(post: Post | null) {
  const language = post?.language;
  const key = (post?.translations ?? []).map((one) => `${one.language}:${one.slug}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language and the key are what the post holds.
  useEffect(() => {
    if (!post) return;
    const urls = Object.fromEntries(
      LANGUAGES.filter((other) => other !== post.language).map((other) => {
        const translation = post.translations?.find((one) => one.language === other);
        return [other, translation ? postUrl(translation.slug) : BLOG_PATH];
      }),
    );
    return offerPageInLanguages(window.location.pathname, urls);
  }, [language, key]);
}

/**
 * A renamed post read at an old slug (the server sent the read on to the post): the address bar shows the
 * current slug, with the same query, in place of the old one in the history.
 */
function useCurrentAddress(slug: string, current: string | undefined) {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    if (current !== undefined && current !== slug)
      navigate(`${postUrl(current)}${search}`, { replace: true });
  }, [current, slug, search, navigate]);
}

/** /blog/{slug}: the post, or why it cannot be shown. */
export function PostPage() {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  const { slug = '' } = useParams();
  const post = usePost(slug, language);
  const loaded = post.status === 'success' ? post.data : null;
  usePostForLanguageSwitch(loaded);
  useCurrentAddress(slug, loaded?.slug);

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
    const inReadersLanguage = post.data.translations?.find((one) => one.language === language);
    body = inReadersLanguage ? (
      <TranslationNotice post={post.data} translation={inReadersLanguage} />
    ) : (
      <PostNotice title={t('post.otherLanguage')} text={t('post.otherLanguageText')} />
    );
  } else {
    body = <PostArticle post={post.data} />;
  }

  return (
    <div className="container post-page" data-page="blog-post">
      {body}
    </div>
  );
}
