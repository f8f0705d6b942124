import { useTranslation } from '@agency/core';
import type { EditorForm, FormAction } from '../lib/form-state';
import { TextField } from './text-field';

interface PublishPanelProps {
  form: EditorForm;
  dispatch: (action: FormAction) => void;
  dateError?: string;
  disabled: boolean;
}

/** Language, status and publication date. */
export function PublishPanel({ form, dispatch, dateError, disabled }: PublishPanelProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="post-language">
          {t('editor.language')}
        </label>
        <select
          id="post-language"
          value={form.fields.language}
          disabled={disabled}
          onChange={(e) => dispatch({ type: 'field', name: 'language', value: e.target.value })}
        >
          <option value="en" lang="en">
            English
          </option>
          <option value="ar" lang="ar">
            العربية
          </option>
        </select>
      </div>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="post-status">
          {t('editor.status')}
        </label>
        <select
          id="post-status"
          value={form.fields.status}
          disabled={disabled}
          onChange={(e) => dispatch({ type: 'field', name: 'status', value: e.target.value })}
        >
          <option value="draft">{t('posts.status.draft')}</option>
          <option value="published">{t('posts.status.published')}</option>
        </select>
      </div>
      <TextField
        id="post-published_at"
        type="date"
        label={t('editor.publishedAt')}
        required
        value={form.fields.published_at}
        error={dateError}
        disabled={disabled}
        onChange={(value) => dispatch({ type: 'field', name: 'published_at', value })}
      />
    </>
  );
}
