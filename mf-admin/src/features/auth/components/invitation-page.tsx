import { ApiError, directionOf, Link, useLanguage, useNavigate, useTranslation } from '@agency/core';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { acceptInvitation, checkInvitation, type InvitationCheck } from '../../people/api/invitations';
import './login.css';
import { InputField } from '../../../components/input-field';

/** The shortest password the server takes (MIN_PASSWORD_LENGTH in the API's config). */
const MIN_PASSWORD_LENGTH = 12;

type Field = 'name' | 'password' | 'confirm';
type Errors = Partial<Record<Field, string>>;

type State =
  | { status: 'checking' }
  | { status: 'open'; invitation: InvitationCheck }
  /** The link cannot be used: a message key (invitation_expired, invitation_used, invitation_invalid…). */
  | { status: 'closed'; message: string }
  | { status: 'error'; message: string };

/**
 * The token from the address's fragment (`#token=…`), read once when the page opens. The fragment never
 * reaches a server (no log, no Referer); it is taken out of the address bar at once, so it is not kept in the
 * history, a bookmark or a screenshot.
 */
function takeToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match?.[1] ?? null;
}

function forgetToken(): void {
  if (window.location.hash === '') return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/** Why a password was refused, in words: the server's reason, as the account page says it. */
function refusal(t: TFunction<'admin'>, error: ApiError): { field?: Field; text: string } {
  const body = error.body as { message?: unknown; errors?: Record<string, unknown> } | null;
  const message = typeof body?.message === 'string' ? body.message : error.message;
  if (message === 'password_weak') {
    const details = body?.errors?.password;
    const reason = Array.isArray(details) && typeof details[0] === 'string' ? details[0] : 'guessable';
    return {
      field: 'password',
      text: `${t('password_weak')} ${t(`account.reasons.${reason}` as 'account.reasons.guessable', {
        defaultValue: t('account.reasons.guessable'),
      })} ${t('account.password.advice')}`,
    };
  }
  if (message === 'password_too_short') return { field: 'password', text: t('password_too_short') };
  if (message === 'name_invalid') return { field: 'name', text: t('name_invalid') };
  return { text: translateServerMessage(t, message) };
}

const CLOSED = new Set(['invitation_invalid', 'invitation_expired', 'invitation_used', 'email_taken']);

/**
 * /login/invitation#token=…: who invited the person and as what, then their name and a password (twice);
 * the account is made and signed in, and the editor opens on the posts. An expired, used or revoked link
 * says so, with the way on.
 */
export function InvitationPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const navigate = useNavigate();
  const [token] = useState(takeToken);
  const [state, setState] = useState<State>(() =>
    token ? { status: 'checking' } : { status: 'closed', message: 'invitation.missing' },
  );
  const [asked, setAsked] = useState(0);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  useScreenTitle(t('screens.invitation.title'));

  useEffect(forgetToken, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked is the reason to ask again.
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkInvitation(token).then(
      (invitation) => {
        if (!current) return;
        if (invitation.status === 'pending') setState({ status: 'open', invitation });
        else setState({ status: 'closed', message: `invitation_${invitation.status}` });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ status: 'closed', message: 'invitation_invalid' });
        } else {
          setState({
            status: 'error',
            message:
              error instanceof ApiError && !error.isNetworkError
                ? translateServerMessage(t, error.message)
                : t('no_server_response'),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token, asked, t]);

  function refuse(next: Errors, message?: string) {
    setErrors(next);
    setAlert(message ?? null);
    const first = (['name', 'password', 'confirm'] as const).find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const found: Errors = {};
    if (values.name.trim() === '') found.name = t('invitation.nameRequired');
    if (values.password.length < MIN_PASSWORD_LENGTH) found.password = t('password_too_short');
    else if (values.confirm !== values.password) found.confirm = t('account.password.mismatch');
    if (Object.keys(found).length > 0) return refuse(found);
    setBusy(true);
    refuse({});
    try {
      await acceptInvitation(token, values.name.trim(), values.password);
      navigate('/posts', { replace: true });
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) return refuse({}, String(error));
      if (error.isNetworkError) return refuse({}, t('no_server_response'));
      if (CLOSED.has(error.message)) {
        setState({ status: 'closed', message: error.message });
        return;
      }
      const { field, text } = refusal(t, error);
      if (field) refuse({ [field]: text });
      else refuse({}, text);
    }
  }

  const field = (name: Field, label: string, type: string, autoComplete: string, hint?: string) => (
    <InputField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      error={errors[name]}
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      type={type}
      name={name === 'name' ? 'name' : `${name}-password`}
      autoComplete={autoComplete}
      dir={type === 'password' ? 'ltr' : 'auto'}
      value={values[name]}
      onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
      required
    />
  );

  const title = <h1>{t('screens.invitation.title')}</h1>;
  let body: ReactNode;
  if (state.status === 'checking') {
    body = (
      <p className="admin-checking" role="status">
        {t('invitation.checking')}
      </p>
    );
  } else if (state.status === 'closed') {
    body = (
      <>
        <p role="alert" className="admin-alert admin-alert--error">
          {t(state.message as 'invitation_invalid', { defaultValue: t('invitation_invalid') })}
        </p>
        <p>
          <Link to="/login">{t('invitation.signIn')}</Link>
        </p>
      </>
    );
  } else if (state.status === 'error') {
    body = (
      <div role="alert" className="admin-alert admin-alert--error">
        <p>{state.message}</p>
        <p>
          <button type="button" className="admin-link-button" onClick={() => setAsked((n) => n + 1)}>
            {t('invitation.retry')}
          </button>
        </p>
      </div>
    );
  } else {
    const { invitation } = state;
    const facts = {
      name: invitation.invited_by?.name ?? '',
      site: invitation.site_name ?? '',
      role: t(`people.roles.${invitation.role}`),
    };
    body = (
      <form onSubmit={submit} noValidate>
        <p className="admin-login__intro">
          {invitation.invited_by ? t('invitation.invited', facts) : t('invitation.invitedBySomeone', facts)}{' '}
          {t('invitation.validUntil', { date: formatSavedAt(invitation.expires_at, language) })}
        </p>
        <div role="alert" className={alert ? 'admin-alert admin-alert--error' : undefined}>
          {alert}
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={`${id}-email`}>
            {t('invitation.email')}
          </label>
          {/* For password managers, and to show whose account this is: the invitation's, not changeable. */}
          <input
            id={`${id}-email`}
            type="email"
            name="username"
            autoComplete="username"
            dir="ltr"
            value={invitation.email}
            readOnly
          />
        </div>
        {field('name', t('invitation.name'), 'text', 'name')}
        {field(
          'password',
          t('invitation.password'),
          'password',
          'new-password',
          t('account.password.hint', { count: MIN_PASSWORD_LENGTH }),
        )}
        {field('confirm', t('invitation.confirm'), 'password', 'new-password')}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('invitation.submitting') : t('invitation.submit')}
        </button>
      </form>
    );
  }

  return (
    <div className="admin-login container" dir={directionOf(language)}>
      <div className="admin-login__card">
        {title}
        {body}
      </div>
    </div>
  );
}
