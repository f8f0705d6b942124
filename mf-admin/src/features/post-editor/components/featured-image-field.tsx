import { useTranslation } from '@agency/core';
import { imageProblem } from '@agency/core/rules';
import { type ChangeEvent, type RefObject, useEffect, useState } from 'react';
import type { EditorForm, FormAction } from '../lib/form-state';

/** Another post's featured image, offered for reuse (a new translation: the image of the post it translates). */
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

/** The optional featured image: checked on the client (2 MB, image type); a rejected file clears the input. */
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
  const [taking, setTaking] = useState(false);

  /** The offered image as this post's own file: fetched, checked like a chosen file, kept in the draft. */
  async function takeOffer(chosenOffer: ImageOffer) {
    setTaking(true);
    try {
      const response = await fetch(chosenOffer.url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`image answered ${response.status}`);
      const blob = await response.blob();
      const name = decodeURIComponent(
        new URL(chosenOffer.url, window.location.href).pathname.split('/').pop() ?? '',
      );
      const file = new File([blob], name || 'image', { type: blob.type });
      const problem = imageProblem(file);
      if (problem) return onError(t(problem));
      dispatch({ type: 'image', image: { blob: file, name: file.name, type: file.type } });
    } catch {
      onError(t('image_upload_error'));
    } finally {
      setTaking(false);
    }
  }

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
  }

  return (
    <div className="featured-image">
      {form.existingImage && !form.image && (
        <div className="featured-image__current">
          <a
            href={form.existingImage}
            target="_blank"
            rel="noreferrer"
            className={form.removeImage ? 'is-removed' : undefined}
          >
            <img src={form.existingImage} alt="" />
            <span>{t('editor.currentImage')}</span>
          </a>
          {form.removeImage ? (
            <p className="featured-image__note">
              {t('editor.imageWillBeRemoved')}{' '}
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
      {form.image && (
        <div className="featured-image__chosen">
          {preview && <img src={preview} alt="" />}
          <p dir="auto">{t('editor.chosenImage', { name: form.image.name })}</p>
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
      {offer && !form.image && (
        <div className="featured-image__offer">
          <img src={offer.url} alt="" />
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => void takeOffer(offer)}
            disabled={disabled || taking}
          >
            {t('editor.useImageOf', { title: offer.title })}
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
      </div>
    </div>
  );
}
