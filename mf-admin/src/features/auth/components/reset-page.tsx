import { ApiError, Link, useLanguage, useLocation, useNavigate, useTranslation } from '@agency/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatWait } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { MIN_PASSWORD_LENGTH } from '../../account/components/password-card';
import { confirmPasswordReset } from '../api/password-reset';
import './login.css';
import { InputField } from '../../../components/input-field';

type Field = 'next' | 'confirm';
type Errors = Partial<Record<Field, string>>;

/** The token of a reset link, from its fragment (`#token=…`): 43 base64url characters, or null. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** How /login tells that the password was just reset (the router's state, never the address). */
export interface LoginState {
  passwordReset?: boolean;
}

/**
 * /login/reset#token=…: a new password, twice. The token is read from the fragment once and taken out of the
 * address bar at once (so it is not left in the history, a bookmark or a screenshot of the address). On
 * success every session of the account has ended and nobody is signed in: the page goes to /login, which says so.
 */
export function ResetPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [invalid, setInvalid] = useState(token === null);
  const [values, setValues] = useState<Record<Field, string>>({ next: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const invalidRef = useRef<HTMLParagraphElement>(null);
  useScreenTitle(t('screens.reset.title'));

  useEffect(() => {
    if (location.hash === '') return;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  function refuse(next: Errors, message?: string) {
    setErrors(next);
    setAlert(message ?? null);
    const first = (['next', 'confirm'] as const).find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  }

  function serverRefusal(error: ApiError) {
    const body = error.body as { errors?: Record<string, unknown>; retry_after?: unknown } | null;
    if (error.message === 'reset_invalid') {
      setInvalid(true);
      requestAnimationFrame(() => invalidRef.current?.focus());
    } else if (error.status === 429) {
      const wait = typeof body?.retry_after === 'number' && body.retry_after > 0 ? body.retry_after : 60;
      refuse(
        {},
        `${t('passwordReset.tooMany')} ${t('login.tryAgainIn', { wait: formatWait(wait, language) })}`,
      );
    } else if (error.message === 'password_weak') {
      const details = body?.errors?.password;
      const reason = Array.isArray(details) && typeof details[0] === 'string' ? details[0] : 'guessable';
      refuse({
        next: `${t('password_weak')} ${t(`account.reasons.${reason}` as 'account.reasons.guessable', {
          defaultValue: t('account.reasons.guessable'),
        })} ${t('account.password.advice')}`,
      });
    } else if (error.message === 'password_too_short') refuse({ next: t('password_too_short') });
    else refuse({}, translateServerMessage(t, error.message));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const found: Errors = {};
    if (values.next.length < MIN_PASSWORD_LENGTH) found.next = t('password_too_short');
    else if (values.confirm !== values.next) found.confirm = t('account.password.mismatch');
    if (Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setBusy(true);
    refuse({});
    try {
      await confirmPasswordReset(token, values.next);
      const state: LoginState = { passwordReset: true };
      navigate('/login', { replace: true, state });
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) refuse({}, String(error));
      else if (error.isNetworkError) refuse({}, t('no_server_response'));
      else serverRefusal(error);
    }
  }

  const field = (name: Field, label: string, hint?: string) => (
    <InputField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      error={errors[name]}
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      type="password"
      name={`${name}-password`}
      autoComplete="new-password"
      dir="ltr"
      value={values[name]}
      onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
      required
    />
  );

  return (
    <div className="admin-login container">
      <div className="admin-login__card">
        <h1>{t('screens.reset.title')}</h1>
        {invalid ? (
          <>
            <p ref={invalidRef} tabIndex={-1} className="admin-alert admin-alert--error">
              {t('passwordReset.invalid')}
            </p>
            <Link className="button button--primary" to="/login/forgot">
              {t('passwordReset.askAgain')}
            </Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="admin-login__intro">{t('passwordReset.resetIntro')}</p>
            <div role="alert" className={alert ? 'admin-alert admin-alert--error' : undefined}>
              {alert}
            </div>
            {field(
              'next',
              t('account.password.new'),
              t('account.password.hint', { count: MIN_PASSWORD_LENGTH }),
            )}
            {field('confirm', t('account.password.confirm'))}
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('passwordReset.submittingReset') : t('passwordReset.submitReset')}
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
