import { ApiError, directionOf, Link, useLanguage, useTranslation } from '@agency/core';
import { ASSIGNABLE_ROLES, can, type Role } from '@agency/core/roles';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useOutcome } from '../../../components/outcome-line';
import { useEditor } from '../../../hooks/use-editor';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import {
  type Account,
  changeAccount,
  getAccounts,
  getTwoStepPolicy,
  handOverOwnership,
  setTwoStepPolicy,
} from '../api/people';
import { Invitations } from './invitations';
import '../../account/components/account.css';
import './people.css';

type State =
  | { status: 'loading' }
  | { status: 'loaded'; accounts: Account[] }
  | { status: 'error'; message: string };

/** A refusal in the editor's language (owner_protected, forbidden…), or no answer from the server. */
function failure(t: TFunction<'admin'>, error: unknown): string {
  if (error instanceof ApiError) {
    return error.isNetworkError ? t('no_server_response') : translateServerMessage(t, error.message);
  }
  return String(error);
}

/**
 * /site/people: every account with its role, whether it is active and its last sign-in. Administrators
 * change roles and deactivate (after a confirmation: the account is signed out at once); the owner is
 * changed only by handing the ownership over, which the owner does with their password.
 */
export function PeopleScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const editor = useEditor();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [asked, setAsked] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const { line: outcomeLine, report } = useOutcome();
  const id = useId();
  useScreenTitle(t('screens.people.title'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked is the reason to ask again.
  useEffect(() => {
    const controller = new AbortController();
    getAccounts(controller.signal).then(
      (accounts) => setState({ status: 'loaded', accounts }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return;
        setState({ status: 'error', message: failure(t, error) });
      },
    );
    return () => controller.abort();
  }, [asked, t]);

  async function run(account: Account, action: () => Promise<string>) {
    setBusy(account.id);
    try {
      report(await action(), false, false);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) report(failure(t, error), true);
    } finally {
      setBusy(null);
      setAsked((n) => n + 1);
    }
  }

  const setRole = (account: Account, role: Exclude<Role, 'owner'>) =>
    run(account, async () => {
      await changeAccount(account.id, { role });
      return t('people.roleChanged', { name: account.name, role: t(`people.roles.${role}`) });
    });

  const setActive = (account: Account, active: boolean) => {
    if (!active && !window.confirm(t('people.confirmDeactivate', { name: account.name }))) return;
    return run(account, async () => {
      await changeAccount(account.id, { active });
      return t(active ? 'people.reactivatedDone' : 'people.deactivatedDone', { name: account.name });
    });
  };

  const accounts = state.status === 'loaded' ? state.accounts : [];
  const manages = can(editor?.role, 'people');

  return (
    <section className="admin-page container" dir={directionOf(language)} aria-labelledby={`${id}-heading`}>
      <header className="admin-page__header">
        <div>
          <h1 id={`${id}-heading`}>{t('screens.people.title')}</h1>
          <p className="account-page__who">{t('people.intro')}</p>
        </div>
      </header>
      {outcomeLine}
      {state.status === 'loading' && <p className="admin-checking">{t('people.loading')}</p>}
      {state.status === 'error' && (
        <div className="admin-alert admin-alert--error">
          <p>{state.message}</p>
          <p>
            <button type="button" className="admin-link-button" onClick={() => setAsked((n) => n + 1)}>
              {t('people.retry')}
            </button>
          </p>
        </div>
      )}
      {state.status === 'loaded' && (
        <div className="account-page__cards people-page__cards">
          <ul className="session-list people-list" aria-busy={busy !== null}>
            {accounts.map((account) => {
              const nameId = `${id}-${account.id}`;
              const self = account.id === editor?.id;
              const owner = account.role === 'owner';
              const changeable = manages && !self && !owner;
              return (
                <li
                  key={account.id}
                  className={`session-list__item people-list__item${account.active ? '' : ' people-list__item--off'}`}
                  aria-labelledby={nameId}
                >
                  <div className="session-list__text">
                    <p className="session-list__device">
                      <span id={nameId} dir="auto">
                        {account.name}
                      </span>
                      {self && <span className="session-list__current">{t('people.you')}</span>}
                      {!account.active && (
                        <span className="status-pill people-list__off">{t('people.deactivated')}</span>
                      )}
                      <span
                        className={`status-pill people-list__two-step${account.two_step ? ' people-list__two-step--on' : ''}`}
                      >
                        {t(account.two_step ? 'people.twoStepOn' : 'people.twoStepOff')}
                      </span>
                    </p>
                    <p className="session-list__times">
                      <span dir="ltr" className="people-list__email">
                        {account.email}
                      </span>
                      <span>
                        {account.last_sign_in_at
                          ? t('people.lastSignIn', { date: formatSavedAt(account.last_sign_in_at, language) })
                          : t('people.neverSignedIn')}
                      </span>
                    </p>
                  </div>
                  <div className="people-list__controls">
                    {changeable ? (
                      <select
                        aria-label={t('people.roleLabel', { name: account.name })}
                        value={account.role}
                        disabled={busy !== null}
                        onChange={(e) => setRole(account, e.target.value as Exclude<Role, 'owner'>)}
                      >
                        {ASSIGNABLE_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(`people.roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <span className="people-list__role" title={owner ? t('people.ownerNote') : undefined}>
                        {t(`people.roles.${account.role}`)}
                      </span>
                    )}
                    <Link
                      className="admin-button admin-button--quiet"
                      to={`/site/audit?actor=${account.id}`}
                      aria-label={t('people.trailNamed', { name: account.name })}
                    >
                      {t('people.trail')}
                    </Link>
                    {changeable && (
                      <button
                        type="button"
                        className={`admin-button${account.active ? ' admin-button--danger' : ''}`}
                        disabled={busy !== null}
                        aria-label={t(account.active ? 'people.deactivateNamed' : 'people.reactivateNamed', {
                          name: account.name,
                        })}
                        onClick={() => setActive(account, !account.active)}
                      >
                        {t(account.active ? 'people.deactivate' : 'people.reactivate')}
                      </button>
                    )}
                  </div>
                  {owner && manages && <p className="people-list__note">{t('people.ownerNote')}</p>}
                </li>
              );
            })}
          </ul>
          {manages && <Invitations report={report} />}
          {manages && <TwoStepPolicy owner={editor?.role === 'owner'} />}
          {editor?.role === 'owner' && (
            <HandOver
              accounts={accounts.filter((a) => a.active && a.id !== editor.id)}
              onDone={(account) => {
                report(t('people.handOver.done', { name: account.name }), false);
                // The session's role changed: the screens read it again.
                window.location.reload();
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** The owner's form: the new owner and the owner's password. */
function HandOver({ accounts, onDone }: { accounts: Account[]; onDone: (account: Account) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [to, setTo] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const account = accounts.find((a) => String(a.id) === to);
    if (!account) return setError(t('ownership_target_invalid'));
    if (password === '') return setError(t('password_invalid'));
    setSending(true);
    setError(null);
    try {
      onDone(await handOverOwnership(account.id, password));
    } catch (err) {
      setError(failure(t, err));
    } finally {
      setSending(false);
      setPassword('');
    }
  }

  return (
    <section className="account-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('people.handOver.title')}</h2>
      <p className="account-card__intro">{t('people.handOver.intro')}</p>
      {accounts.length === 0 ? (
        <p className="account-card__note">{t('people.handOver.none')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          {error && (
            <p role="alert" className="admin-alert admin-alert--error">
              {error}
            </p>
          )}
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`${id}-to`}>
              {t('people.handOver.to')}
            </label>
            <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
              <option value="">{t('people.handOver.choose')}</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name} ({account.email})
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`${id}-password`}>
              {t('people.handOver.password')}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="admin-button admin-button--danger" disabled={sending}>
            {t('people.handOver.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

/** The owner's requirement of two-step sign-in for administrators; administrators see it, unchangeable. */
function TwoStepPolicy({ owner }: { owner: boolean }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [required, setRequired] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getTwoStepPolicy(controller.signal).then(setRequired, (err: unknown) => {
      if (!controller.signal.aborted) setError(failure(t, err));
    });
    return () => controller.abort();
  }, [t]);

  async function change(next: boolean) {
    setSaving(true);
    setError(null);
    try {
      setRequired(await setTwoStepPolicy(next));
    } catch (err) {
      setError(failure(t, err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="account-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('people.policy.title')}</h2>
      {error && (
        <p role="alert" className="admin-alert admin-alert--error">
          {error}
        </p>
      )}
      {required !== null &&
        (owner ? (
          <div className="people-policy">
            <label className="people-policy__toggle">
              <input
                type="checkbox"
                checked={required}
                disabled={saving}
                onChange={(e) => change(e.target.checked)}
                aria-describedby={`${id}-help`}
              />
              <span>{t('people.policy.label')}</span>
            </label>
            <p className="account-card__note" id={`${id}-help`}>
              {t('people.policy.help')}
            </p>
          </div>
        ) : (
          <p className="account-card__note">
            {t(required ? 'people.policy.on' : 'people.policy.off')} {t('people.policy.ownerOnly')}
          </p>
        ))}
    </section>
  );
}
