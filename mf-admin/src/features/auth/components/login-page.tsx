import {
  ApiError,
  Link,
  useLanguage,
  useLocation,
  useNavigate,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatWait } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { login, loginTwoStep } from '../api/login';
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
  /** After a right password, for an account with two-step sign-in on. */
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useScreenTitle(t('screens.login.title'));

  // The code's field takes focus when it appears, and when it changes to a recovery code and back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: switching to a recovery code is a reason to focus.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step, useRecovery]);

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
      const result = await login(email.trim(), password);
      if (result.status === 'two-step') {
        setBusy(false);
        setPassword('');
        setStep('code');
        return;
      }
      navigate(safeNextPath(params.get('next')), { replace: true });
    } catch (caught) {
      refused(caught);
    }
  }

  function refused(caught: unknown) {
    setBusy(false);
    if (!(caught instanceof ApiError)) setError(String(caught));
    else if (caught.isNetworkError) setError(t('no_server_response'));
    else if (caught.status === 429) {
      const wait = retryAfter(caught);
      setBlockedFor(wait);
      setError(`${t('too_many_attempts')} ${t('login.tryAgainIn', { wait: formatWait(wait, language) })}`);
    } else {
      setError(translateServerMessage(t, caught.message));
      // The pending sign-in ended: the password is asked again.
      if (caught.message === 'two_step_expired') startAgain(false);
    }
  }

  function startAgain(clearError = true) {
    setStep('password');
    setCode('');
    setUseRecovery(false);
    if (clearError) setError(null);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (value === '') {
      setError(t('login.twoStep.codeRequired'));
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await loginTwoStep(useRecovery ? { recovery_code: value } : { code: value.replace(/\s+/g, '') });
      navigate(safeNextPath(params.get('next')), { replace: true });
    } catch (caught) {
      refused(caught);
      setCode('');
      codeRef.current?.focus();
    }
  }

  if (step === 'code') {
    return (
      <div className="admin-login container">
        <form className="admin-login__card" onSubmit={submitCode} noValidate aria-describedby={errorId}>
          <h1>{t('screens.login.title')}</h1>
          <p className="admin-login__intro">
            {useRecovery ? t('login.twoStep.introRecovery') : t('login.twoStep.intro')}
          </p>
          <div id={errorId} role="alert" className={error ? 'admin-alert admin-alert--error' : undefined}>
            {error}
          </div>
          <label className="admin-field">
            <span className="admin-field__label">
              {useRecovery ? t('login.twoStep.recoveryCode') : t('login.twoStep.code')}
            </span>
            <input
              ref={codeRef}
              key={useRecovery ? 'recovery' : 'code'}
              type="text"
              name={useRecovery ? 'recovery-code' : 'one-time-code'}
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoComplete={useRecovery ? 'off' : 'one-time-code'}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={useRecovery ? 32 : 8}
              dir="ltr"
              className="admin-login__code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
          </label>
          <button type="submit" className="button button--primary" disabled={busy || blockedFor > 0}>
            {busy ? t('login.submitting') : t('login.twoStep.submit')}
          </button>
          <p className="admin-login__switches">
            <button
              type="button"
              className="admin-link-button"
              onClick={() => {
                setUseRecovery((on) => !on);
                setCode('');
                setError(null);
              }}
            >
              {useRecovery ? t('login.twoStep.useCode') : t('login.twoStep.useRecovery')}
            </button>
            <button type="button" className="admin-link-button" onClick={() => startAgain()}>
              {t('login.twoStep.back')}
            </button>
          </p>
        </form>
      </div>
    );
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
