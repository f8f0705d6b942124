import { useTranslation } from '@agency/core';
import { imageProblem } from '@agency/core/rules';
import { useState } from 'react';
import { uploadFailureText } from '../../../lib/failure-text';
import { uploadImage } from '../../post-editor/api/upload-image';

export interface UploadProgressState {
  name: string;
  fraction: number;
}

/**
 * Sends each chosen file through the one image pipeline (POST /api/upload-image: byte check, re-encode,
 * widths, and the media library), showing its progress; gives each stored image's URL, or says why a file was
 * refused (with the file's name, for a choice of several).
 */
export function useUploads(onError: (text: string, fileName: string) => void) {
  const { t } = useTranslation('admin');
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  async function upload(files: File[]): Promise<string[]> {
    const urls: string[] = [];
    for (const file of files) {
      const problem = imageProblem(file);
      if (problem) {
        onError(t(problem), file.name);
        continue;
      }
      setProgress({ name: file.name, fraction: 0 });
      try {
        urls.push(await uploadImage(file, (fraction) => setProgress({ name: file.name, fraction })));
      } catch (error) {
        onError(uploadFailureText(t, error), file.name);
      } finally {
        setProgress(null);
      }
    }
    return urls;
  }
  return { upload, progress };
}

/** The file being uploaded, and how far it is. */
export function UploadProgressLine({ progress }: { progress: UploadProgressState | null }) {
  const { t } = useTranslation('admin');
  if (!progress) return null;
  return (
    <p className="content-image__progress" role="status">
      {t('editor.uploading', { name: progress.name })}{' '}
      <progress max={1} value={progress.fraction}>
        {Math.round(progress.fraction * 100)}%
      </progress>
    </p>
  );
}
