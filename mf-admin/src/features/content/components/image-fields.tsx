import { useTranslation } from '@agency/core';
import type { GalleryImage } from '@agency/core/content';
import { useId, useRef } from 'react';
import { LibraryButton } from '../../media/components/library-button';
import { UploadProgressLine as Progress, useUploads } from '../../media/components/use-uploads';

interface ImageFieldProps {
  id: string;
  label: string;
  value: string;
  required?: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange(url: string): void;
  onError(text: string): void;
}

/** One stored image (a project's cover): its preview, a file picker that uploads, and a remove button. */
export function ImageField({
  id,
  label,
  value,
  required,
  invalid,
  describedBy,
  onChange,
  onError,
}: ImageFieldProps) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const { upload, progress } = useUploads(onError);
  return (
    <div className="content-image">
      <span className="admin-field__label" id={`${id}-label`}>
        {label}{' '}
        {required && (
          <span className="admin-field__required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {value ? (
        <img className="content-image__preview" src={value} alt={t('content.image.current')} />
      ) : (
        <p className="content-image__none">{t('content.image.none')}</p>
      )}
      <div className="content-image__actions">
        <label className="admin-button admin-button--quiet content-image__pick">
          {value ? t('content.image.replace') : t('content.image.choose')}
          <input
            ref={input}
            id={id}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            // Named for its field too: a form may have several image fields (a cover, an SEO image).
            aria-label={`${label}: ${value ? t('content.image.replace') : t('content.image.choose')}`}
            aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}
            aria-invalid={invalid || undefined}
            onChange={async (event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              const [url] = await upload(files.slice(0, 1));
              if (url) onChange(url);
            }}
          />
        </label>
        <LibraryButton
          ariaLabel={t('media.picker.fieldLabel', { field: label })}
          onChoose={(item) => onChange(item.url)}
        />
        {value && !required && (
          <button type="button" className="admin-button admin-button--quiet" onClick={() => onChange('')}>
            {t('content.image.remove')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="admin-field__hint">
        {t('editor.imageHint')}
      </p>
      <Progress progress={progress} />
    </div>
  );
}

interface GalleryFieldProps {
  id: string;
  label: string;
  value: GalleryImage[];
  max: number;
  dir: 'ltr' | 'rtl';
  lang: string;
  invalid: boolean;
  describedBy?: string;
  onChange(images: GalleryImage[]): void;
  onError(text: string): void;
}

/** A list of stored images, each with its alt text in the item's language: add (upload), describe, move, remove. */
export function GalleryField({
  id,
  label,
  value,
  max,
  dir,
  lang,
  invalid,
  describedBy,
  onChange,
  onError,
}: GalleryFieldProps) {
  const { t } = useTranslation('admin');
  const { upload, progress } = useUploads(onError);
  const hintId = useId();
  const move = (from: number, to: number) => {
    const next = [...value];
    next.splice(to, 0, ...next.splice(from, 1));
    onChange(next);
  };
  return (
    <fieldset className="content-gallery" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="admin-field__label">{label}</legend>
      {value.length === 0 ? (
        <p className="content-image__none">{t('content.gallery.empty')}</p>
      ) : (
        <ol className="content-gallery__list">
          {value.map((image, i) => {
            const altId = `${id}-alt-${i}`;
            const n = i + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same image may be there twice; the index is its place
              <li key={i} className="content-gallery__item">
                <img className="content-gallery__thumb" src={image.image} alt="" />
                <div className="content-gallery__fields">
                  <label htmlFor={altId}>{t('content.gallery.alt', { n })}</label>
                  <input
                    id={altId}
                    dir={dir}
                    lang={lang}
                    value={image.alt}
                    maxLength={300}
                    required
                    onChange={(event) =>
                      onChange(value.map((one, j) => (j === i ? { ...one, alt: event.target.value } : one)))
                    }
                  />
                  <div className="content-gallery__actions">
                    <button
                      type="button"
                      className="admin-button admin-button--quiet"
                      aria-label={t('content.gallery.moveUp', { n })}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--quiet"
                      aria-label={t('content.gallery.moveDown', { n })}
                      disabled={i === value.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      aria-label={t('content.gallery.removeNamed', { n })}
                      onClick={() => onChange(value.filter((_, j) => j !== i))}
                    >
                      {t('content.gallery.remove')}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {value.length < max && (
        <label className="admin-button admin-button--quiet content-image__pick">
          {t('content.gallery.add')}
          <input
            id={id}
            className="visually-hidden"
            type="file"
            multiple
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            aria-describedby={hintId}
            onChange={async (event) => {
              const files = [...(event.target.files ?? [])].slice(0, max - value.length);
              event.target.value = '';
              const urls = await upload(files);
              if (urls.length > 0) onChange([...value, ...urls.map((image) => ({ image, alt: '' }))]);
            }}
          />
        </label>
      )}
      {value.length < max && (
        <LibraryButton
          ariaLabel={t('media.picker.fieldLabel', { field: label })}
          // The image comes with its alt text in the item's language, when the library has one.
          onChoose={(item) =>
            onChange([...value, { image: item.url, alt: item.alt[lang === 'ar' ? 'ar' : 'en'] ?? '' }])
          }
        />
      )}
      <p id={hintId} className="admin-field__hint">
        {t('content.gallery.hint', { max })}
      </p>
      <Progress progress={progress} />
    </fieldset>
  );
}
