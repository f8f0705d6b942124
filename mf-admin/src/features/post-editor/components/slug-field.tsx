import { useTranslation } from '@agency/core';
import type { FormAction } from '../lib/form-state';
import { TextField } from './text-field';

interface SlugFieldProps {
  value: string;
  /** The slug readers know the post at (a published post's saved slug), else null. */
  publishedSlug?: string | null;
  follows: boolean;
  error?: string;
  disabled?: boolean;
  dispatch: (action: FormAction) => void;
}

/**
 * The slug follows the title until this field is focused; then a button offers to follow again. On a published
 * post, a new slug comes with a note that the old address will redirect to the new one (read with the field,
 * as part of its hint, so it never stops anyone saving).
 */
export function SlugField({ value, publishedSlug, follows, error, disabled, dispatch }: SlugFieldProps) {
  const { t } = useTranslation('admin');
  const moved = publishedSlug && value && value !== publishedSlug ? publishedSlug : null;
  return (
    <TextField
      id="post-slug"
      label={t('editor.slug')}
      required
      value={value}
      dir="auto"
      error={error}
      disabled={disabled}
      onFocus={() => dispatch({ type: 'slugFocused' })}
      onChange={(slug) => dispatch({ type: 'field', name: 'slug', value: slug })}
      hint={
        <span className="slug-hint">
          <span>
            {t('editor.slugAddress')}: <bdi dir="ltr">/blog/{value || '…'}</bdi>
          </span>
          {follows ? (
            <span className="slug-hint__mode">{t('editor.slugFollows')}</span>
          ) : (
            <button
              type="button"
              className="admin-link-button"
              onClick={() => dispatch({ type: 'resumeSlug' })}
              disabled={disabled}
            >
              {t('editor.slugResume')}
            </button>
          )}
          {moved && (
            <span className="slug-hint__moved">
              {t('editor.slugMoved')}{' '}
              <span>
                {t('editor.slugOldAddress')}: <bdi dir="ltr">/blog/{moved}</bdi>
              </span>
            </span>
          )}
        </span>
      }
    />
  );
}
