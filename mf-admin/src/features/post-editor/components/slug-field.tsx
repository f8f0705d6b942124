import { useTranslation } from '@agency/core';
import type { FormAction } from '../lib/form-state';
import { TextField } from './text-field';

interface SlugFieldProps {
  value: string;
  follows: boolean;
  error?: string;
  disabled?: boolean;
  dispatch: (action: FormAction) => void;
}

/** The slug follows the title until this field is focused; then a button offers to follow again. */
export function SlugField({ value, follows, error, disabled, dispatch }: SlugFieldProps) {
  const { t } = useTranslation('admin');
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
        </span>
      }
    />
  );
}
