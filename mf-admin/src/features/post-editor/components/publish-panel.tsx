import { useLanguage, useTranslation } from '@agency/core';
import { instantOfLocal, nowInputValue, postStateOf } from '@agency/core/rules';
import { useCan } from '../../../hooks/use-editor';
import { formatPostTime, zoneLabel } from '../../../lib/post-time';
import type { EditorForm, FormAction } from '../lib/form-state';
import { TextField } from './text-field';

interface PublishPanelProps {
  form: EditorForm;
  dispatch: (action: FormAction) => void;
  dateError?: string;
  disabled: boolean;
  /** A save or delete is under way. */
  busy: boolean;
  /** Sends the form as it is after this change (the "Publish now" button). */
  onSubmit: (form: EditorForm) => void;
}

/** The date and the time of `published_at` (`YYYY-MM-DDTHH:mm:ss` on the editor's clock), apart. */
function partsOf(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time };
}

/**
 * When the post goes out: a scheduled post names its date, time and zone; a draft or a scheduled post can be
 * published at this minute in one click.
 */
function PublicationState({
  form,
  disabled,
  busy,
  onSubmit,
}: Omit<PublishPanelProps, 'dispatch' | 'dateError'>) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const instant = instantOfLocal(form.fields.published_at);
  const state = instant ? postStateOf({ status: form.fields.status, published_at: instant }) : null;
  const canPublish = useCan('publish');
  const publishNow = () =>
    onSubmit({ ...form, fields: { ...form.fields, status: 'published', published_at: nowInputValue() } });
  return (
    <div className="publication-state" aria-live="polite">
      {state === 'scheduled' && (
        <p className="publication-state__text">
          <span className="status-pill status-pill--scheduled">{t('posts.status.scheduled')}</span>{' '}
          <time dateTime={instant}>
            {t('posts.scheduledFor', { date: formatPostTime(instant, language) })}
          </time>
        </p>
      )}
      {state !== 'published' && canPublish && (
        <button type="button" className="admin-button" disabled={disabled || busy} onClick={publishNow}>
          {t('editor.publishNow')}
        </button>
      )}
    </div>
  );
}

/** Language, status, and the date and time of publication on the editor's clock, with its zone named. */
export function PublishPanel({ form, dispatch, dateError, disabled, busy, onSubmit }: PublishPanelProps) {
  const { t } = useTranslation('admin');
  const canPublish = useCan('publish');
  const { date, time } = partsOf(form.fields.published_at);
  const setWhen = (nextDate: string, nextTime: string) =>
    dispatch({ type: 'field', name: 'published_at', value: `${nextDate}T${nextTime}` });
  const zone = <bdi dir="ltr">{zoneLabel(instantOfLocal(form.fields.published_at))}</bdi>;
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
          {(canPublish || form.fields.status === 'published') && (
            <option value="published" disabled={!canPublish}>
              {t('posts.status.published')}
            </option>
          )}
        </select>
      </div>
      <div className="publish-when">
        <TextField
          id="post-published_at"
          type="date"
          label={t('editor.publishedAt')}
          required
          value={date}
          error={dateError}
          disabled={disabled}
          describedBy="post-published-zone"
          onChange={(value) => setWhen(value, time)}
        />
        <TextField
          id="post-published_time"
          type="time"
          label={t('editor.publishedTime')}
          required
          value={time.slice(0, 5)}
          disabled={disabled}
          invalid={Boolean(dateError)}
          describedBy="post-published-zone"
          // A time the editor sets is to the minute.
          onChange={(value) => setWhen(date, value ? `${value.slice(0, 5)}:00` : '')}
        />
        <p id="post-published-zone" className="admin-field__hint publish-when__zone">
          {t('editor.timeZone')} {zone}
        </p>
      </div>
      <PublicationState form={form} disabled={disabled} busy={busy} onSubmit={onSubmit} />
    </>
  );
}
