import { type Language, Link, type PostSummary, type PostTranslation, useTranslation } from '@agency/core';
import { useEffect, useId, useState } from 'react';
import { findPosts } from '../api/find-posts';
import { type EditorForm, type FormAction, otherLanguage } from '../lib/form-state';

interface TranslationCardProps {
  form: EditorForm;
  dispatch: (action: FormAction) => void;
  /** Edit: the stored post's slug, for "Write the Arabic version"; null for a post not yet saved. */
  storedSlug: string | null;
  disabled: boolean;
}

type Search =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; posts: PostSummary[] }
  | { status: 'error' };

/** How long the picker waits after the last key before it asks. */
const SEARCH_DELAY_MS = 250;

const summaryOf = (post: PostSummary): PostTranslation => ({
  id: post.id,
  language: post.language,
  slug: post.slug,
  title: post.title,
  status: post.status,
});

/**
 * The post's translation in the other language: a link to edit it (and to take the link off), or "Write the
 * Arabic version" (a new post in that language, linked to this one), or a picker of the other language's
 * posts, searchable by title. The link is saved with the post (`translation_of`) and kept in its draft; a
 * link the server refuses (taken meanwhile) is said in the form's banner, like every refused save.
 */
export function TranslationCard({ form, dispatch, storedSlug, disabled }: TranslationCardProps) {
  const { t } = useTranslation('admin');
  const other = otherLanguage(form.fields.language);
  const { translation } = form;
  const pending = (translation?.id ?? null) !== form.baseTranslationId;

  return (
    <div className="translation-card">
      {translation ? (
        <>
          <p className="translation-card__linked">
            <span className="translation-card__label">
              {t(`editor.translation.version.${translation.language}`)}
            </span>{' '}
            <Link
              to={`/edit_blog/${encodeURIComponent(translation.slug)}`}
              lang={translation.language}
              dir="auto"
            >
              {translation.title}
            </Link>{' '}
            <span className={`status-pill status-pill--${translation.status}`}>
              {t(`posts.status.${translation.status}`)}
            </span>
          </p>
          {pending && <p className="admin-field__hint">{t('editor.translation.pending')}</p>}
          <button
            type="button"
            className="admin-button admin-button--quiet"
            disabled={disabled}
            onClick={() => dispatch({ type: 'translation', translation: null })}
          >
            {t('editor.translation.unlink')}
          </button>
        </>
      ) : (
        <>
          {form.baseTranslationId !== null && (
            <p className="admin-field__hint">{t('editor.translation.unlinkPending')}</p>
          )}
          {storedSlug && (
            <Link
              className="admin-button admin-button--quiet translation-card__write"
              to={`/new_blog?translation_of=${encodeURIComponent(storedSlug)}`}
            >
              {t(`editor.translation.write.${other}`)}
            </Link>
          )}
          <TranslationPicker
            language={other}
            postId={form.postId}
            postLanguage={form.fields.language}
            disabled={disabled}
            onPick={(post) => dispatch({ type: 'translation', translation: summaryOf(post) })}
          />
        </>
      )}
    </div>
  );
}

interface PickerProps {
  language: Language;
  postId: number | null;
  postLanguage: Language;
  disabled: boolean;
  onPick: (post: PostSummary) => void;
}

/** A search by title among the other language's posts; without a text, its newest posts that have none. */
function TranslationPicker({ language, postId, postLanguage, disabled, onPick }: PickerProps) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ status: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setSearch({ status: 'loading' });
      findPosts(language, query, controller.signal).then(
        (posts) => setSearch({ status: 'done', posts }),
        () => {
          if (!controller.signal.aborted) setSearch({ status: 'error' });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [language, query]);

  /** A post already linked to another post of this one's language cannot take a second. */
  const takenBy = (post: PostSummary) =>
    post.translations?.find((one) => one.language === postLanguage && one.id !== postId) ?? null;

  return (
    <div className="admin-field translation-picker">
      <label className="admin-field__label" htmlFor={inputId}>
        {t(`editor.translation.pick.${language}`)}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        dir="auto"
        maxLength={100}
        placeholder={t('editor.translation.search')}
        disabled={disabled}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="translation-picker__results" role="status">
        {search.status === 'loading' && (
          <p className="admin-field__hint">{t('editor.translation.loading')}</p>
        )}
        {search.status === 'error' && <p className="admin-field__hint">{t('editor.translation.error')}</p>}
        {search.status === 'done' && search.posts.length === 0 && (
          <p className="admin-field__hint">{t('editor.translation.none')}</p>
        )}
      </div>
      {search.status === 'done' && search.posts.length > 0 && (
        <ul className="translation-picker__list">
          {search.posts.map((post) => {
            const taken = takenBy(post);
            return (
              <li key={post.id}>
                <button
                  type="button"
                  className="translation-picker__choice"
                  disabled={disabled || taken !== null}
                  onClick={() => onPick(post)}
                >
                  <span lang={post.language} dir="auto">
                    {post.title}
                  </span>
                  <span className="translation-picker__meta">
                    {t(`posts.status.${post.status}`)}
                    {taken && ` · ${t('editor.translation.taken', { title: taken.title })}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
