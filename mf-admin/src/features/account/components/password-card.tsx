import { ApiError, useLanguage, useTranslation } from '@agency/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { InputField } from '../../../components/input-field';
import { formatWait } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { changePassword } from '../api/account';

/** The shortest password the server takes (MIN_PASSWORD_LENGTH in the API's config). */
export const MIN_PASSWORD_LENGTH = 12;

type Field = 'current' | 'next' | 'confirm';
type Errors = Partial<Record<Field, string>>;

const FIELD_OF: Record<string, Field> = { current_password: 'current', new_password: 'next' };

/**
 * Changing the password: the current one, the new one twice. The server signs out every other session and
 * gives this one a new cookie; `onChanged` tells the page (its session list changed).
 */
export function PasswordCard({ email, onChanged }: { email: string | null; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const doneRef = useRef<HTMLParagraphElement>(null);

  /**
   * Shows field errors beside their fields and puts the caret in the first (its error is its description, so
   * it is read with it); a refusal that is no field's goes in the alert above the form.
   */
  function refuse(next: Errors, message?: string) {
    setErrors(next);
    setAlert(message ?? null);
    const first = (['current', 'next', 'confirm'] as const).find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  }

  function serverRefusal(error: ApiError): void {
    const body = error.body as { message?: unknown; errors?: Record<string, unknown>; retry_after?: unknown };
    if (error.status === 429) {
      const wait = typeof body?.retry_after === 'number' && body.retry_after > 0 ? body.retry_after : 60;
      refuse({}, `${t('too_many_attempts')} ${t('login.tryAgainIn', { wait: formatWait(wait, language) })}`);
      return;
    }
    const message = typeof body?.message === 'string' ? body.message : error.message;
    const [field, details] = Object.entries(body?.errors ?? {})[0] ?? [];
    const target = field ? FIELD_OF[field] : undefined;
    let text = translateServerMessage(t, message);
    if (message === 'password_weak') {
      const reason = Array.isArray(details) && typeof details[0] === 'string' ? details[0] : 'guessable';
      text = `${t('password_weak')} ${t(`account.reasons.${reason}` as 'account.reasons.guessable', {
        defaultValue: t('account.reasons.guessable'),
      })} ${t('account.password.advice')}`;
    }
    if (target) refuse({ [target]: text });
    else refuse({}, text);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const found: Errors = {};
    if (values.current === '') found.current = t('current_password_required');
    if (values.next.length < MIN_PASSWORD_LENGTH) found.next = t('password_too_short');
    else if (values.confirm !== values.next) found.confirm = t('account.password.mismatch');
    if (Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setBusy(true);
    setErrors({});
    setAlert(null);
    try {
      const signedOut = await changePassword(values.current, values.next);
      setValues({ current: '', next: '', confirm: '' });
      setDone(t('account.password.changed', { count: signedOut }));
      onChanged();
      // The fields emptied and the button is the same: the result is where focus goes, so it is read.
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      if (!(error instanceof ApiError)) refuse({}, String(error));
      else if (error.isNetworkError) refuse({}, t('no_server_response'));
      else if (error.status !== 401) serverRefusal(error);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <InputField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      error={errors[name]}
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      type="password"
      name={name === 'current' ? 'current-password' : `${name}-password`}
      autoComplete={autoComplete}
      dir="ltr"
      value={values[name]}
      onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
      required
    />
  );

  return (
    <section className="account-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('account.password.title')}</h2>
      <p className="account-card__intro">{t('account.password.intro')}</p>
      <form onSubmit={submit} noValidate>
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <div role="alert" className={alert ? 'admin-alert admin-alert--error' : undefined}>
          {alert}
        </div>
        {field('current', t('account.password.current'), 'current-password')}
        {field(
          'next',
          t('account.password.new'),
          'new-password',
          t('account.password.hint', { count: MIN_PASSWORD_LENGTH }),
        )}
        {field('confirm', t('account.password.confirm'), 'new-password')}
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className={done ? 'admin-alert admin-alert--success' : 'account-card__status'}
        >
          {done}
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('account.password.submitting') : t('account.password.submit')}
        </button>
      </form>
    </section>
  );
}
