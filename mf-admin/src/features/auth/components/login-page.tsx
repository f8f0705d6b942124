import {
  ApiError,
  Link,
  useLanguage,
  useLocation,
  useNavigate,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatWait } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { login } from '../api/login';
import { safeNextPath } from '../lib/next-path';
import type { LoginState } from './reset-page';
import './login.css';

function retryAfter(error: ApiError): number {
  const value = (error.body as { retry_after?: unknown } | null)?.retry_after;
  return typeof value === 'number' && value > 0 ? value : 60;
}

/** E-mail and password; after sign-in the editor returns to where they were going (?next=). */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Arrived from a password reset: the new password is set and every session ended.
  const passwordReset = Boolean((useLocation().state as LoginState | null)?.passwordReset);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blockedFor, setBlockedFor] = useState(0);
  const errorId = useId();
  useScreenTitle(t('screens.login.title'));

  useEffect(() => {
    if (blockedFor <= 0) return;
    const timer = window.setTimeout(() => setBlockedFor(0), blockedFor * 1000);
    return () => window.clearTimeout(timer);
  }, [blockedFor]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(email.trim(), password);
      navigate(safeNextPath(params.get('next')), { replace: true });
    } catch (caught) {
      setBusy(false);
      if (!(caught instanceof ApiError)) setError(String(caught));
      else if (caught.isNetworkError) setError(t('no_server_response'));
      else if (caught.status === 429) {
        const wait = retryAfter(caught);
        setBlockedFor(wait);
        setError(`${t('too_many_attempts')} ${t('login.tryAgainIn', { wait: formatWait(wait, language) })}`);
      } else setError(translateServerMessage(t, caught.message));
    }
  }

  return (
    <div className="admin-login container">
      <form className="admin-login__card" onSubmit={submit} noValidate aria-describedby={errorId}>
        <h1>{t('screens.login.title')}</h1>
        <p className="admin-login__intro">{t('login.intro')}</p>
        {passwordReset && (
          <p role="status" className="admin-alert admin-alert--success">
            {t('login.resetDone')}
          </p>
        )}
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
        <label className="admin-field">
          <span className="admin-field__label">{t('login.password')}</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            dir="ltr"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <button type="submit" className="button button--primary" disabled={busy || blockedFor > 0}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        <p className="admin-login__aside">
          <Link to="/login/forgot">{t('login.forgot')}</Link>
        </p>
      </form>
    </div>
  );
}
