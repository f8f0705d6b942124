import { ApiError, useLanguage, useTranslation } from '@agency/core';
import { ASSIGNABLE_ROLES } from '@agency/core/roles';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatSavedAt } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import {
  getInvitations,
  type Invitation,
  type InvitedRole,
  invite,
  resendInvitation,
  revokeInvitation,
} from '../api/invitations';

function failure(t: TFunction<'admin'>, error: unknown): string {
  if (error instanceof ApiError) {
    return error.isNetworkError ? t('no_server_response') : translateServerMessage(t, error.message);
  }
  return String(error);
}

/** A link to pass on by hand (the site sends no e-mail): shown once, read-only, with a Copy button. */
function LinkToCopy({ email, url }: { email: string; url: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t('people.invite.copied'));
    } catch {
      setCopied(t('people.invite.copyFailed'));
    }
  }

  return (
    <div className="invite-link">
      <label className="admin-field__label" htmlFor={`${id}-link`}>
        {t('people.invite.linkLabel', { email })}
      </label>
      <div className="invite-link__row">
        <input
          ref={input}
          id={`${id}-link`}
          className="invite-link__url"
          type="text"
          readOnly
          dir="ltr"
          value={url}
          aria-describedby={`${id}-note`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="admin-button" onClick={copy}>
          {t('people.invite.copy')}
        </button>
      </div>
      <p className="admin-field__hint" id={`${id}-note`}>
        {t('people.invite.linkNote')}
      </p>
      <p role="status" className="invite-link__copied">
        {copied}
      </p>
    </div>
  );
}

/**
 * The People screen's invitations: a form to invite an e-mail address with a role, and the invitations not yet
 * accepted, each with its expiry, to send again (a new link) or revoke. When the site sends no e-mail, the link
 * of an invitation just made or sent again shows once, to copy.
 */
export function Invitations({
  report,
  onChanged,
}: {
  report: (text: string, error: boolean, focus?: boolean) => void;
  onChanged?: () => void;
}) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('author');
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [list, setList] = useState<Invitation[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  /** The link last made, when the site sends no e-mail: shown until the next action. */
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked is the reason to ask again.
  useEffect(() => {
    const controller = new AbortController();
    getInvitations(controller.signal).then(
      (invitations) => {
        setList(invitations);
        setListError(null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return;
        setListError(failure(t, error));
      },
    );
    return () => controller.abort();
  }, [asked, t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLink(null);
    if (email.trim() === '') {
      setFormError(t('people.invite.emailRequired'));
      emailInput.current?.focus();
      return;
    }
    setSending(true);
    setFormError(null);
    try {
      const made = await invite(email.trim(), role, language);
      setEmail('');
      if (made.url) setLink({ email: made.email, url: made.url });
      report(t(made.url ? 'people.invite.made' : 'people.invite.sent', { email: made.email }), false, false);
      onChanged?.();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        setFormError(failure(t, error));
        emailInput.current?.focus();
      }
    } finally {
      setSending(false);
      setAsked((n) => n + 1);
    }
  }

  async function run(invitation: Invitation, action: () => Promise<string>) {
    setBusy(invitation.id);
    setLink(null);
    try {
      report(await action(), false, false);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) report(failure(t, error), true);
    } finally {
      setBusy(null);
      setAsked((n) => n + 1);
    }
  }

  const resend = (invitation: Invitation) =>
    run(invitation, async () => {
      const sent = await resendInvitation(invitation.id, language);
      if (sent.url) setLink({ email: sent.email, url: sent.url });
      return t(sent.url ? 'people.pending.resentLink' : 'people.pending.resent', { email: sent.email });
    });

  const revoke = (invitation: Invitation) => {
    if (!window.confirm(t('people.pending.confirmRevoke', { email: invitation.email }))) return;
    return run(invitation, async () => {
      await revokeInvitation(invitation.id);
      return t('people.pending.revoked', { email: invitation.email });
    });
  };

  return (
    <>
      <section className="account-card" aria-labelledby={`${id}-invite`}>
        <h2 id={`${id}-invite`}>{t('people.invite.title')}</h2>
        <p className="account-card__intro">{t('people.invite.intro')}</p>
        <form onSubmit={submit} noValidate className="invite-form">
          {formError && (
            <p role="alert" className="admin-alert admin-alert--error">
              {formError}
            </p>
          )}
          <div className="invite-form__fields">
            <div className={`admin-field invite-form__email${formError ? ' admin-field--invalid' : ''}`}>
              <label className="admin-field__label" htmlFor={`${id}-email`}>
                {t('people.invite.email')}
              </label>
              <input
                ref={emailInput}
                id={`${id}-email`}
                type="email"
                autoComplete="off"
                dir="ltr"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={formError ? true : undefined}
                required
              />
            </div>
            <div className="admin-field">
              <label className="admin-field__label" htmlFor={`${id}-role`}>
                {t('people.invite.role')}
              </label>
              <select
                id={`${id}-role`}
                value={role}
                onChange={(e) => setRole(e.target.value as InvitedRole)}
                aria-describedby={`${id}-role-help`}
              >
                {ASSIGNABLE_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {t(`people.roles.${value}`)}
                  </option>
                ))}
              </select>
              <p className="admin-field__hint" id={`${id}-role-help`}>
                {t(`people.roleHelp.${role}`)}
              </p>
            </div>
          </div>
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('people.invite.submitting') : t('people.invite.submit')}
          </button>
        </form>
        {link && <LinkToCopy key={link.url} email={link.email} url={link.url} />}
      </section>

      <section className="account-card" aria-labelledby={`${id}-pending`}>
        <h2 id={`${id}-pending`}>{t('people.pending.title')}</h2>
        {listError && (
          <div className="admin-alert admin-alert--error">
            <p>{listError}</p>
            <p>
              <button type="button" className="admin-link-button" onClick={() => setAsked((n) => n + 1)}>
                {t('people.retry')}
              </button>
            </p>
          </div>
        )}
        {list === null && !listError && <p className="admin-checking">{t('people.pending.loading')}</p>}
        {list?.length === 0 && <p className="account-card__note">{t('people.pending.none')}</p>}
        {list && list.length > 0 && (
          <ul className="session-list people-list" aria-busy={busy !== null}>
            {list.map((invitation) => {
              const expired = invitation.status === 'expired';
              const date = formatSavedAt(invitation.expires_at, language);
              return (
                <li
                  key={invitation.id}
                  className={`session-list__item people-list__item${expired ? ' people-list__item--off' : ''}`}
                >
                  <div className="session-list__text">
                    <p className="session-list__device">
                      <span dir="ltr" className="people-list__email">
                        {invitation.email}
                      </span>
                      <span className="people-list__role">{t(`people.roles.${invitation.role}`)}</span>
                      {expired && (
                        <span className="status-pill people-list__off">{t('people.pending.expired')}</span>
                      )}
                    </p>
                    <p className="session-list__times">
                      <span>
                        {expired
                          ? t('people.pending.expiredOn', { date })
                          : t('people.pending.validUntil', { date })}
                      </span>
                      {invitation.invited_by && (
                        <span>{t('people.pending.invitedBy', { name: invitation.invited_by.name })}</span>
                      )}
                    </p>
                  </div>
                  <div className="people-list__controls">
                    <button
                      type="button"
                      className="admin-button"
                      disabled={busy !== null}
                      aria-label={t('people.pending.resendNamed', { email: invitation.email })}
                      onClick={() => resend(invitation)}
                    >
                      {t('people.pending.resend')}
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      disabled={busy !== null}
                      aria-label={t('people.pending.revokeNamed', { email: invitation.email })}
                      onClick={() => revoke(invitation)}
                    >
                      {t('people.pending.revoke')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
