import { type Language, useTranslation } from '@agency/core';
import { readingTime } from '@agency/core/rules';

/**
 * The content's word count and reading time, at the pace of the post's language (core's readingTime, which the
 * post's page uses too). Not announced as it changes: a screen reader finds it under the editor.
 */
export function ContentLength({ html, language }: { html: string; language: Language }) {
  const { t } = useTranslation('admin');
  const { words, minutes } = readingTime(html, language);
  return (
    <p className="admin-field__hint content-length">
      {t('editor.length.words', { count: words })}
      {minutes > 0 && ` · ${t('editor.length.minutes', { count: minutes })}`}
    </p>
  );
}
