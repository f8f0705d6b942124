import { useTranslation } from '@agency/core';
import { storedImageUrl } from '@agency/core/images';
import { imageProblem } from '@agency/core/rules';
import { type ChangeEvent, type RefObject, useEffect, useState } from 'react';
import { LibraryButton } from '../../media/components/library-button';
import type { EditorForm, FormAction } from '../lib/form-state';

/** Another post's featured image, kept for this one (a new translation: the image of the post it translates). */
export interface ImageOffer {
  url: string;
  /** The post it belongs to. */
  title: string;
}

interface FeaturedImageFieldProps {
  form: EditorForm;
  dispatch: (action: FormAction) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  onError: (message: string) => void;
  disabled?: boolean;
  offer?: ImageOffer | null;
}

/** A preview of a Blob kept in the form (also after a draft is restored: it never was in the input). */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let next: string | null = null;
    try {
      next = blob ? URL.createObjectURL(blob) : null;
    } catch {
      next = null; // not a Blob this browser can show: the file name is still listed
    }
    setUrl(next);
    return () => {
      if (next) URL.revokeObjectURL(next);
    };
  }, [blob]);
  return url;
}

/**
 * The optional featured image: a file, checked on the client (2 MB, image type; a rejected file clears the
 * input), or an image of the media library, chosen in its picker.
 */
export function FeaturedImageField({
  form,
  dispatch,
  inputRef,
  onError,
  disabled,
  offer,
}: FeaturedImageFieldProps) {
  const { t } = useTranslation('admin');
  const preview = useObjectUrl(form.image?.blob ?? null);

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      event.target.value = '';
      onError(t(problem));
      return;
    }
    dispatch({ type: 'image', image: { blob: file, name: file.name, type: file.type } });
  }

  function clearChosen() {
    if (inputRef.current) inputRef.current.value = '';
    dispatch({ type: 'image', image: null });
    dispatch({ type: 'libraryImage', image: null });
  }

  const library = form.libraryImage;
  const chosenImage = form.image
    ? { src: preview, text: t('editor.chosenImage', { name: form.image.name }) }
    : library
      ? {
          src: storedImageUrl(library.name, 480),
          text: t('media.picker.chosen', { name: library.file_name || library.name }),
        }
      : null;

  // The image this post will have when nothing else is chosen: its stored one, or the one a translation keeps.
  const current = form.existingImage
    ? { url: form.existingImage, label: t('editor.currentImage') }
    : offer
      ? { url: offer.url, label: t('editor.imageOf', { title: offer.title }) }
      : null;

  return (
    <div className="featured-image">
      {current && !chosenImage && (
        <div className="featured-image__current">
          <a
            href={current.url}
            target="_blank"
            rel="noreferrer"
            className={form.removeImage ? 'is-removed' : undefined}
          >
            <img src={current.url} alt="" />
            <span dir="auto">{current.label}</span>
          </a>
          {form.removeImage ? (
            <p className="featured-image__note">
              {t(form.existingImage ? 'editor.imageWillBeRemoved' : 'editor.translationImageRemoved')}{' '}
              <button
                type="button"
                className="admin-link-button"
                onClick={() => dispatch({ type: 'removeImage', remove: false })}
              >
                {t('editor.keepImage')}
              </button>
            </p>
          ) : (
            <button
              type="button"
              className="admin-button admin-button--danger"
              onClick={() => dispatch({ type: 'removeImage', remove: true })}
              disabled={disabled}
            >
              {t('editor.removeImage')}
            </button>
          )}
        </div>
      )}
      {chosenImage && (
        <div className="featured-image__chosen">
          {chosenImage.src && <img src={chosenImage.src} alt="" />}
          <p dir="auto">{chosenImage.text}</p>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={clearChosen}
            disabled={disabled}
          >
            {t('editor.clearChosenImage')}
          </button>
        </div>
      )}
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="post-poster_image">
          {t('editor.featuredImage')}
        </label>
        <input
          ref={inputRef}
          id="post-poster_image"
          type="file"
          accept="image/*"
          onChange={chosen}
          disabled={disabled}
          aria-describedby="post-poster_image-hint"
        />
        <p id="post-poster_image-hint" className="admin-field__hint">
          {t('editor.imageHint')}
        </p>
        <LibraryButton
          ariaLabel={t('media.picker.fieldLabel', { field: t('editor.sections.image') })}
          disabled={disabled}
          onChoose={(item) => {
            if (inputRef.current) inputRef.current.value = '';
            dispatch({
              type: 'libraryImage',
              image: { name: item.name, url: item.url, file_name: item.file_name },
            });
          }}
        />
      </div>
    </div>
  );
}
