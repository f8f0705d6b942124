import { ApiError, useLanguage, useTranslation } from '@agency/core';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useOutcome } from '../../../components/outcome-line';
import { formatSavedAt } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import { type EditorSession, endOtherSessions, endSession, getSessions } from '../api/account';

type State =
  | { status: 'loading' }
  | { status: 'loaded'; sessions: EditorSession[] }
  | { status: 'error'; message: string };

/** "Chrome on Android", "Firefox", or "Unknown browser". */
export function deviceName(t: TFunction<'admin'>, session: Pick<EditorSession, 'browser' | 'os'>): string {
  if (session.browser && session.os)
    return t('account.sessions.device', { browser: session.browser, os: session.os });
  return (
    session.browser ??
    (session.os ? t('account.sessions.unknownOn', { os: session.os }) : t('account.sessions.unknown'))
  );
}

function failure(t: TFunction<'admin'>, error: unknown): string {
  if (error instanceof ApiError) {
    return error.isNetworkError ? t('no_server_response') : translateServerMessage(t, error.message);
  }
  return String(error);
}

/**
 * Where the editor is signed in: this browser first, then the others by last use, each with a button to
 * sign it out, and one to sign out all the others. `reloadToken` asks again (after a password change).
 */
export function SessionsCard({ reloadToken }: { reloadToken: number }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [asked, setAsked] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  // Said where focus can go: the button that was pressed may be gone.
  const { line: outcomeLine, report } = useOutcome();
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadToken and asked are the reasons to ask again.
  useEffect(() => {
    const controller = new AbortController();
    getSessions(controller.signal).then(
      (sessions) => setState({ status: 'loaded', sessions }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return;
        setState({ status: 'error', message: failure(t, error) });
      },
    );
    return () => controller.abort();
  }, [reloadToken, asked, t]);

  async function run(key: string, action: () => Promise<string>) {
    setBusy(key);
    try {
      report(await action(), false);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) report(failure(t, error), true);
    } finally {
      setBusy(null);
      setAsked((n) => n + 1);
    }
  }

  const endOne = (session: EditorSession) =>
    run(session.id, async () => {
      try {
        await endSession(session.id);
      } catch (error) {
        // Ended meanwhile (elsewhere, or by its own time): what the editor wanted.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      return t('account.sessions.ended', { device: deviceName(t, session) });
    });

  const endOthers = () =>
    run('others', async () => t('account.sessions.endedOthers', { count: await endOtherSessions() }));

  const sessions = state.status === 'loaded' ? state.sessions : [];
  const others = sessions.filter((session) => !session.current);

  return (
    <section
      className="account-card"
      aria-labelledby={`${id}-heading`}
      aria-busy={state.status === 'loading'}
    >
      <h2 id={`${id}-heading`}>{t('account.sessions.title')}</h2>
      <p className="account-card__intro">{t('account.sessions.intro')}</p>
      {outcomeLine}
      {state.status === 'loading' && <p className="admin-checking">{t('account.sessions.loading')}</p>}
      {state.status === 'error' && (
        <div className="admin-alert admin-alert--error">
          <p>{state.message}</p>
          <p>
            <button type="button" className="admin-link-button" onClick={() => setAsked((n) => n + 1)}>
              {t('account.sessions.retry')}
            </button>
          </p>
        </div>
      )}
      {state.status === 'loaded' && (
        <>
          <ul className="session-list">
            {sessions.map((session) => {
              const nameId = `${id}-${session.id}`;
              return (
                <li key={session.id} className="session-list__item" aria-labelledby={nameId}>
                  <div className="session-list__text">
                    <p className="session-list__device">
                      <span id={nameId} dir="auto">
                        {deviceName(t, session)}
                      </span>
                      {session.current && (
                        <span className="session-list__current">{t('account.sessions.current')}</span>
                      )}
                    </p>
                    <p className="session-list__times">
                      <span>
                        {t('account.sessions.signedIn', {
                          date: formatSavedAt(session.signed_in_at, language),
                        })}
                      </span>
                      <span>
                        {session.current
                          ? t('account.sessions.activeNow')
                          : t('account.sessions.lastSeen', {
                              date: formatSavedAt(session.last_seen_at, language),
                            })}
                      </span>
                    </p>
                  </div>
                  {!session.current && (
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      onClick={() => endOne(session)}
                      disabled={busy !== null}
                      // Two sessions of one browser and system share a device name: the button's name also
                      // says when each signed in and was last active, so that no two read the same (2.4.6).
                      aria-label={
                        busy === session.id
                          ? undefined
                          : t('account.sessions.endNamed', {
                              device: deviceName(t, session),
                              signedIn: formatSavedAt(session.signed_in_at, language),
                              lastSeen: formatSavedAt(session.last_seen_at, language),
                            })
                      }
                    >
                      {busy === session.id ? t('account.sessions.ending') : t('account.sessions.end')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length === 0 ? (
            <p className="account-card__note">{t('account.sessions.noOthers')}</p>
          ) : (
            <button
              type="button"
              className="admin-button admin-button--danger"
              onClick={endOthers}
              disabled={busy !== null}
            >
              {busy === 'others' ? t('account.sessions.ending') : t('account.sessions.endOthers')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
