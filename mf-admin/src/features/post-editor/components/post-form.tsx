import { directionOf, useTranslation } from '@agency/core';
import type { PostField } from '@agency/core/rules';
import { type FormEvent, lazy, type RefObject, Suspense } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';
import type { SaveState } from '../../drafts/components/save-indicator';
import type { FieldError } from '../hooks/use-editor-state';
import type { EditorForm, FormAction } from '../lib/form-state';
import { ContentLength } from './content-length';
import { FeaturedImageField, type ImageOffer } from './featured-image-field';
import { type Busy, FormActions } from './form-actions';
import { type Banner, FormBanner } from './form-banner';
import { PublishPanel } from './publish-panel';
import { SlugField } from './slug-field';
import { RequiredMark, TextField } from './text-field';
import { TranslationCard } from './translation-card';
import './post-form.css';

// Quill is the heaviest part of the screen: the form shows first, the editor follows.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export interface PostFormProps {
  mode: 'create' | 'edit';
  form: EditorForm;
  dispatch: (action: FormAction) => void;
  /** Every field's problem found by the last submit, in the form's order. */
  fieldErrors: FieldError[];
  busy: Busy;
  disabled?: boolean;
  saveState: SaveState;
  banner: Banner | null;
  bannerRef: RefObject<HTMLDivElement | null>;
  fileInputRef: RefObject<HTMLInputElement | null>;
  /** Sends the form; with a form, that one (a change made and sent in one click, as "Publish now"). */
  onSubmit: (form?: EditorForm) => void;
  onDelete?: () => void;
  onError: (message: string) => void;
  /** Edit: the stored post's slug (the translation card links a new translation to it). */
  storedSlug?: string | null;
  /** Edit: the saved slug of a published post, which readers know (a new one redirects from it). */
  publishedSlug?: string | null;
  /** A new translation: the featured image of the post it translates, offered for reuse. */
  imageOffer?: ImageOffer | null;
}

/** Every field of a post: the main column (text and content) and a side column (publish, image, SEO). */
export function PostForm(props: PostFormProps) {
  const { mode, form, dispatch, fieldErrors, busy, disabled = false, saveState } = props;
  const { t } = useTranslation('admin');
  const dir = directionOf(form.fields.language);
  const errorOf = (field: PostField) => fieldErrors.find((error) => error.field === field)?.message;
  const text = (
    name: 'title' | 'description' | 'seo_title' | 'seo_description',
    label: string,
    rows?: number,
  ) => (
    <TextField
      id={`post-${name}`}
      label={label}
      value={form.fields[name]}
      rows={rows}
      dir={dir}
      error={errorOf(name)}
      disabled={disabled}
      required
      onChange={(value) => dispatch({ type: 'field', name, value })}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };

  return (
    <form className="post-form" onSubmit={submit} noValidate>
      <FormBanner ref={props.bannerRef} banner={props.banner} />
      <p className="post-form__required-note">
        <RequiredMark /> {t('editor.requiredNote')}
      </p>
      <div className="post-form__grid">
        <div className="post-form__main">
          {text('title', t('editor.title'))}
          <SlugField
            value={form.fields.slug}
            publishedSlug={props.publishedSlug ?? null}
            follows={form.slugFollowsTitle}
            error={errorOf('slug')}
            disabled={disabled}
            dispatch={dispatch}
          />
          {text('description', t('editor.description'), 3)}
          <div className={`admin-field${errorOf('content') ? ' admin-field--invalid' : ''}`}>
            <span className="admin-field__label-row">
              <span className="admin-field__label" id="post-content-label">
                {t('editor.content')}
              </span>
              <RequiredMark />
            </span>
            <ErrorBoundary
              fallback={<p className="admin-alert admin-alert--error">{t('editor_load_error')}</p>}
            >
              <Suspense fallback={<p className="rich-text__loading">{t('editor.loadingEditor')}</p>}>
                <RichTextEditor
                  id="post-content"
                  labelId="post-content-label"
                  value={form.fields.content}
                  onChange={(value) => dispatch({ type: 'field', name: 'content', value })}
                  dir={dir}
                  language={form.fields.language}
                  height={mode === 'edit' ? 400 : undefined}
                  invalid={Boolean(errorOf('content'))}
                  onError={props.onError}
                />
              </Suspense>
            </ErrorBoundary>
            <ContentLength html={form.fields.content} language={form.fields.language} />
            {errorOf('content') && <p className="admin-field__error">{errorOf('content')}</p>}
          </div>
        </div>
        <aside className="post-form__side">
          <section className="post-form__card" aria-labelledby="publish-heading">
            <h2 id="publish-heading">{t('editor.sections.publish')}</h2>
            <PublishPanel
              form={form}
              dispatch={dispatch}
              dateError={errorOf('published_at')}
              disabled={disabled}
              busy={busy !== 'idle'}
              onSubmit={(next) => {
                dispatch({ type: 'replace', form: next });
                props.onSubmit(next);
              }}
            />
          </section>
          <section className="post-form__card" aria-labelledby="image-heading">
            <h2 id="image-heading">{t('editor.sections.image')}</h2>
            <FeaturedImageField
              form={form}
              dispatch={dispatch}
              inputRef={props.fileInputRef}
              onError={props.onError}
              disabled={disabled}
              offer={props.imageOffer ?? null}
            />
          </section>
          <section className="post-form__card" aria-labelledby="translation-heading">
            <h2 id="translation-heading">{t('editor.sections.translation')}</h2>
            <TranslationCard
              form={form}
              dispatch={dispatch}
              storedSlug={props.storedSlug ?? null}
              disabled={disabled}
            />
          </section>
          <section className="post-form__card" aria-labelledby="seo-heading">
            <h2 id="seo-heading">{t('editor.sections.seo')}</h2>
            {text('seo_title', t('editor.seoTitle'))}
            {text('seo_description', t('editor.seoDescription'), 3)}
          </section>
        </aside>
      </div>
      <FormActions
        mode={mode}
        busy={busy}
        disabled={disabled}
        saveState={saveState}
        onDelete={props.onDelete}
      />
    </form>
  );
}
