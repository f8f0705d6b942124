import { ApiError, useTranslation } from '@agency/core';
import { type ImageErrorKey, imageProblem } from '@agency/core/images';
import { type ChangeEvent, useState } from 'react';
import { failureText } from '../../../lib/failure-text';
import { uploadImage } from '../../post-editor/api/upload-image';

interface ImageFieldProps {
  id: string;
  labelId: string;
  /** The image's URL: a stored upload or one of the site's own pictures (a seeded logo). */
  value: string;
  onChange: (url: string) => void;
  describedBy?: string;
}

/**
 * An image field of an editable kind (a client logo): the picture as it is now and a file chooser. A chosen
 * file is checked here (size, type), then sent through the one image pipeline, POST /api/upload-image, which
 * checks its bytes and re-encodes it; the field then holds the stored image's URL, saved with the item. SVG
 * files are refused, as for posts: the seeded SVG logos are the site's own files, not uploads.
 */
export default function ImageField({ id, labelId, value, onChange, describedBy }: ImageFieldProps) {
  const { t } = useTranslation('admin');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = imageProblem(file);
    if (local) {
      setProblem(t(local as ImageErrorKey));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      onChange(await uploadImage(file, setProgress));
    } catch (error) {
      const key = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : null;
      setProblem(
        key === 'image_size_error' || key === 'image_type_error'
          ? t(key)
          : failureText(t, 'content.uploadError', error),
      );
    } finally {
      setProgress(null);
    }
  }

  return (
    <fieldset className="content-image" aria-labelledby={labelId}>
      {value ? (
        <img
          className="content-image__preview"
          src={value}
          alt={t('content.imageCurrent')}
          width={200}
          height={64}
        />
      ) : (
        <p className="content-image__none">{t('content.imageNone')}</p>
      )}
      <input
        id={id}
        className="content-image__input visually-hidden"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
        onChange={(event) => void choose(event)}
        aria-describedby={[describedBy, `${id}-hint`].filter(Boolean).join(' ')}
        disabled={progress !== null}
      />
      <label className="admin-button admin-button--quiet content-image__choose" htmlFor={id}>
        {value ? t('content.imageReplace') : t('content.imageChoose')}
      </label>
      <p id={`${id}-hint`} className="content-image__hint">
        {t('content.imageHint')}
      </p>
      {progress !== null && (
        <p role="status" className="content-image__progress">
          {t('content.imageUploading', { percent: Math.round(progress * 100) })}
        </p>
      )}
      {problem && (
        <p role="alert" className="admin-field__error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
