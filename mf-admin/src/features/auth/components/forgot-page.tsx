import { ApiError, Link, useLanguage, useTranslation } from '@agency/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatWait } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { requestPasswordReset } from '../api/password-reset';
import './login.css';

function retryAfter(error: ApiError): number {
  const value = (error.body as { retry_after?: unknown } | null)?.retry_after;
  return typeof value === 'number' && value > 0 ? value : 60;
}

/**
 * /login/forgot: the account's e-mail, then always the same confirmation (the server's answer does not say
 * whether the address has an account). The e-mail is written in the language of this page.
 */
export function ForgotPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const sentRef = useRef<HTMLParagraphElement>(null);
  useScreenTitle(t('screens.forgot.title'));

  useEffect(() => {
    // The form is gone: the confirmation takes the focus, so it is read.
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '') {
      setError(t('passwordReset.emailRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim(), language);
      setSent(true);
    } catch (caught) {
      if (!(caught instanceof ApiError)) setError(String(caught));
      else if (caught.isNetworkError) setError(t('no_server_response'));
      else if (caught.status === 429) {
        const wait = formatWait(retryAfter(caught), language);
        setError(`${t('passwordReset.tooMany')} ${t('login.tryAgainIn', { wait })}`);
      } else setError(translateServerMessage(t, caught.message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-login container">
      <div className="admin-login__card">
        <h1>{t('screens.forgot.title')}</h1>
        {sent ? (
          <>
            <p ref={sentRef} tabIndex={-1} role="status" className="admin-alert admin-alert--success">
              {t('passwordReset.sent')}
            </p>
            <p className="admin-login__intro">{t('passwordReset.sentHint')}</p>
          </>
        ) : (
          <form onSubmit={submit} noValidate aria-describedby={errorId}>
            <p className="admin-login__intro">{t('passwordReset.forgotIntro')}</p>
            <div id={errorId} role="alert" className={error ? 'admin-alert admin-alert--error' : undefined}>
              {error}
            </div>
            <label className="admin-field">
              <span className="admin-field__label">{t('login.email')}</span>
              <input
                type="email"
                name="email"
                autoComplete="username"
                dir="ltr"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('passwordReset.submitting') : t('passwordReset.submit')}
            </button>
          </form>
        )}
        <p className="admin-login__aside">
          <Link to="/login">{t('passwordReset.backToLogin')}</Link>
        </p>
      </div>
    </div>
  );
}
