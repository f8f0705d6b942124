import {
  ApiError,
  directionOf,
  type Language,
  Link,
  useLanguage,
  useLocation,
  useNavigate,
  useSiteName,
  useTranslation,
} from '@agency/core';
import { nameIn } from '@agency/core/language';
import { useEffect, useState } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { useOutcome } from '../../../components/outcome-line';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { problemText } from '../../../lib/failure-text';
import {
  type ContactMessage,
  deleteMessage,
  getMessage,
  type MessageStatus,
  retryMail,
  setMessageStatus,
} from '../api/messages';
import { refreshNewMessageCount } from '../api/new-count';
import { mailHref, phoneText, replyHref, telHref } from '../lib/message-links';
import { StatusPill, useServiceNames } from './messages-page';
import './messages.css';

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; message: ContactMessage };

type Action = 'status' | 'spam' | 'retry' | 'delete';

/** Where the notification e-mail stands, in words. */
function MailState({ message, language }: { message: ContactMessage; language: Language }) {
  const { t } = useTranslation('admin');
  const { mail } = message;
  switch (mail.status) {
    case 'sent':
      return <p>{t('messages.mail.sent', { date: formatSavedAt(mail.sent_at ?? '', language) })}</p>;
    case 'queued': {
      const next = mail.next_attempt_at ? new Date(mail.next_attempt_at) : null;
      return (
        <>
          <p>{t('messages.mail.queued')}</p>
          {mail.attempts > 0 && (
            <p>
              {t('messages.mail.tried', { count: mail.attempts })}{' '}
              {next &&
                next.getTime() > Date.now() &&
                t('messages.mail.nextTry', { date: formatSavedAt(next.toISOString(), language) })}
            </p>
          )}
        </>
      );
    }
    case 'failed':
      return (
        <>
          <p className="message-view__mail-failed">{t('messages.mail.failed', { count: mail.attempts })}</p>
          {mail.last_error && (
            <p className="message-view__mail-error" dir="ltr" lang="en">
              {mail.last_error}
            </p>
          )}
        </>
      );
    default:
      return <p>{t('messages.mail.off')}</p>;
  }
}

/**
 * /messages/{id}: one contact message whole, as plain text, with what can be done with it: reply, mark it
 * handled (or new again), mark it spam, retry its notification e-mail when that failed, or erase it.
 */
export function MessagePage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const siteName = useSiteName();
  const services = useServiceNames(language);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [reloadToken, setReloadToken] = useState(0);
  const [busy, setBusy] = useState<Action | null>(null);
  const { line: outcomeLine, report } = useOutcome();
  // The list's filters and page, to go back to them.
  const back = (location.state as { back?: string } | null)?.back;
  const listPath = back ? `/messages?${back}` : '/messages';
  const numericId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  const message = state.status === 'loaded' ? state.message : null;
  // The plan's name as it was sent, in the editor's language, else in the other; else its key.
  const planName = (plan: string, names: Partial<Record<Language, string>> | undefined) =>
    nameIn(names, language) ||
    (plan ? t(`messages.plans.${plan}`, { defaultValue: plan }) : t('messages.plans.none'));
  useScreenTitle(
    message ? t('screens.message.documentTitle', { name: message.name }) : t('screens.message.title'),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadToken only asks again.
  useEffect(() => {
    if (numericId === null) {
      setState({ status: 'error', error: new ApiError('contact_message_not_found', 404) });
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.status === 'loaded' ? current : { status: 'loading' }));
    getMessage(numericId, controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', message: found });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [numericId, reloadToken]);

  /**
   * Runs one action at a time. Its outcome (null when the screen is left) is written on the page, where it is
   * announced; focus stays on the button pressed, unless `focusOutcome` (the button is gone). A failure is
   * written too, and a 401 sends the editor to sign in.
   */
  async function act(action: Action, run: () => Promise<string | null>, focusOutcome = false) {
    if (busy) return;
    setBusy(action);
    try {
      const outcome = await run();
      if (outcome) report(outcome, false, focusOutcome);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      report(problemText(t, error), true, false);
      // The message may have changed or gone meanwhile: show it as it now is.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        setReloadToken((n) => n + 1);
    } finally {
      setBusy(null);
    }
  }

  function changeStatus(action: Action, status: MessageStatus) {
    if (!message) return;
    void act(action, async () => {
      const updated = await setMessageStatus(message.id, status);
      setState({ status: 'loaded', message: updated });
      void refreshNewMessageCount();
      return t(`messages.marked.${status}`);
    });
  }

  function retry() {
    if (!message) return;
    void act(
      'retry',
      async () => {
        const updated = await retryMail(message.id);
        setState({ status: 'loaded', message: updated });
        return t('mail_retry_queued');
      },
      true,
    );
  }

  function remove() {
    if (!message || busy) return;
    if (!window.confirm(t('messages.confirmDelete', { name: message.name }))) return;
    void act('delete', async () => {
      await deleteMessage(message.id);
      void refreshNewMessageCount();
      navigate(listPath, { state: { notice: t('contact_message_deleted') } });
      return null;
    });
  }

  const backLink = (
    <Link className="message-view__back" to={listPath}>
      {t('messages.back')}
    </Link>
  );

  if (!message) {
    const failure = state.status === 'error' ? state.error : null;
    const gone = failure instanceof ApiError && failure.status === 404;
    return (
      <section className="admin-page container" dir={directionOf(language)} aria-labelledby="message-heading">
        {backLink}
        <h1 id="message-heading" className="message-view__title">
          {t('screens.message.title')}
        </h1>
        {failure === null ? (
          <p className="admin-checking" role="status">
            {t('messages.loadingOne')}
          </p>
        ) : (
          <LoadFailure
            text={gone ? t('contact_message_not_found') : problemText(t, failure)}
            onRetry={gone ? undefined : () => setReloadToken((n) => n + 1)}
          />
        )}
      </section>
    );
  }

  const received = formatSavedAt(message.created_at, language);
  const subject = t('messages.replySubject', { site: siteName });
  const quoteIntro = t('messages.replyQuote', { date: received, name: message.name });
  const busyLabel = (action: Action, idle: string) => (busy === action ? t('messages.working') : idle);

  return (
    <section className="admin-page container" dir={directionOf(language)} aria-labelledby="message-heading">
      {backLink}
      <header className="admin-page__header message-view__header">
        <div>
          {/* <bdi>: the name in its own direction, the heading lined up with the page. */}
          <h1 id="message-heading" className="message-view__title">
            <bdi>{message.name}</bdi>
          </h1>
          <p className="message-view__meta">
            <time dateTime={message.created_at}>{t('messages.receivedOn', { date: received })}</time>{' '}
            <StatusPill status={message.status} />
          </p>
        </div>
      </header>
      {outcomeLine}
      <div className="message-view" aria-busy={busy !== null || undefined}>
        <div className="message-view__main">
          <section className="message-card" aria-labelledby="message-text-heading">
            <h2 id="message-text-heading">{t('messages.text')}</h2>
            {/* Plain text as the visitor typed it: React writes it as text, never as markup. */}
            <div className="message-view__text" dir="auto">
              {message.message}
            </div>
          </section>
          <div className="message-view__actions">
            <a
              className="button button--primary"
              href={replyHref(message, subject, quoteIntro)}
              aria-label={t('messages.replyLabel', { name: message.name })}
            >
              {t('messages.reply')}
            </a>
            <button
              type="button"
              className="admin-button admin-button--quiet"
              aria-disabled={busy !== null || undefined}
              onClick={() => changeStatus('status', message.status === 'handled' ? 'new' : 'handled')}
            >
              {busyLabel(
                'status',
                message.status === 'handled' ? t('messages.markNew') : t('messages.markHandled'),
              )}
            </button>
            <button
              type="button"
              className="admin-button admin-button--quiet"
              aria-disabled={busy !== null || undefined}
              onClick={() => changeStatus('spam', message.status === 'spam' ? 'new' : 'spam')}
            >
              {busyLabel('spam', message.status === 'spam' ? t('messages.notSpam') : t('messages.markSpam'))}
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              aria-disabled={busy !== null || undefined}
              onClick={remove}
            >
              {busyLabel('delete', t('messages.delete'))}
            </button>
          </div>
        </div>
        <aside className="message-view__side">
          <section className="message-card" aria-labelledby="message-sender-heading">
            <h2 id="message-sender-heading">{t('messages.sender')}</h2>
            <dl className="message-view__details">
              <dt>{t('messages.columns.email')}</dt>
              <dd>
                <a href={mailHref(message)} dir="ltr">
                  {message.email}
                </a>
              </dd>
              <dt>{t('messages.columns.phone')}</dt>
              <dd>
                <a href={telHref(message)} dir="ltr">
                  {phoneText(message)}
                </a>
              </dd>
              <dt>{t('messages.business')}</dt>
              <dd>{message.business ? <bdi>{message.business}</bdi> : t('messages.notGiven')}</dd>
              <dt>{t('messages.columns.service')}</dt>
              <dd>
                <bdi>{services.nameOf(message.service, message.service_name)}</bdi>
              </dd>
              <dt>{t('messages.plan')}</dt>
              <dd>{planName(message.plan, message.plan_name)}</dd>
            </dl>
          </section>
          <section className="message-card" aria-labelledby="message-mail-heading">
            <h2 id="message-mail-heading">{t('messages.mail.title')}</h2>
            <MailState message={message} language={language} />
            {message.mail.status === 'failed' && (
              <button
                type="button"
                className="admin-button admin-button--quiet"
                aria-disabled={busy !== null || undefined}
                onClick={retry}
              >
                {busyLabel('retry', t('messages.mail.retry'))}
              </button>
            )}
          </section>
        </aside>
      </div>
    </section>
  );
}
