import {
  ApiError,
  Link,
  useLanguage,
  useLocation,
  useNavigate,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatWait } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { login, loginTwoStep } from '../api/login';
import { safeNextPath } from '../lib/next-path';
import type { LoginState } from './reset-page';
import type { TwoStepAnswer } from './two-step-code-form';
import './login.css';

const loadCodeForm = () => import('./two-step-code-form');
const TwoStepCodeForm = lazy(() => loadCodeForm().then((m) => ({ default: m.TwoStepCodeForm })));

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
    // The code step's chunk comes while the password is checked, in case this account needs it.
    loadCodeForm().catch(() => undefined);
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
    if (clearError) setError(null);
  }

  async function answer(value: TwoStepAnswer): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await loginTwoStep(value);
      navigate(safeNextPath(params.get('next')), { replace: true });
      return true;
    } catch (caught) {
      refused(caught);
      return false;
    }
  }

  if (step === 'code') {
    return (
      <div className="admin-login container">
        <ErrorBoundary
          fallback={<p className="admin-alert admin-alert--error">{t('passwordReset.loadError')}</p>}
        >
          <Suspense fallback={<p className="admin-checking">{t('passwordReset.loading')}</p>}>
            <TwoStepCodeForm
              errorId={errorId}
              error={error}
              busy={busy || blockedFor > 0}
              onError={setError}
              onAnswer={answer}
              onStartAgain={() => startAgain()}
            />
          </Suspense>
        </ErrorBoundary>
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
