import { useTranslation } from '@agency/core';

export interface UploadState {
  id: string;
  name: string;
  /** 0..1 */
  fraction: number;
}

/** One progress bar per image being uploaded into the content. */
export function UploadProgress({ uploads }: { uploads: UploadState[] }) {
  const { t } = useTranslation('admin');
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-progress" aria-live="polite">
      {uploads.map((upload) => {
        const label = t('editor.uploading', { name: upload.name });
        return (
          <li key={upload.id} className="upload-progress__item">
            <span className="upload-progress__label" dir="auto">
              {label}
            </span>
            <progress max={1} value={upload.fraction} aria-label={label} />
            <span className="upload-progress__percent">{Math.round(upload.fraction * 100)}%</span>
          </li>
        );
      })}
    </ul>
  );
}
