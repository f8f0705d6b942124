import { ApiError, useLanguage, useTranslation } from '@agency/core';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatSavedAt } from '../../../lib/dates';
import { translateServerMessage } from '../../../lib/failure-text';
import {
  confirmTwoStep,
  disableTwoStep,
  getTwoStep,
  regenerateRecoveryCodes,
  startTwoStep,
  type TwoStepSetup,
  type TwoStepStatus,
} from '../api/two-step';

type View =
  | { kind: 'loading' }
  | { kind: 'status'; status: TwoStepStatus }
  | { kind: 'setup'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[] };

function failure(t: TFunction<'admin'>, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('no_server_response');
    return translateServerMessage(t, error.message);
  }
  return String(error);
}

/** The key in groups of four, easier to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Two-step sign-in for the signed-in editor: turning it on (a QR code and the key, then a code from the app),
 * the recovery codes shown once (copy, download), new codes and turning it off with the password.
 * `onEnabled`: called once the recovery codes have been put away after turning it on.
 */
export function TwoStepCard({ email, onEnabled }: { email: string | null; onEnabled?: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const id = useId();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [justEnabled, setJustEnabled] = useState(false);
  const focusRef = useRef<HTMLElement | null>(null);

  const load = (signal?: AbortSignal) =>
    getTwoStep(signal).then(
      (status) => setView({ kind: 'status', status }),
      (caught: unknown) => {
        if (signal?.aborted) return;
        if (!(caught instanceof ApiError && caught.status === 401)) setError(failure(t, caught));
      },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the card opens.
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, []);

  // After each change of view, focus goes to its heading or first field, so it is read.
  useEffect(() => {
    if (view.kind !== 'loading' && view.kind !== 'status') focusRef.current?.focus();
  }, [view.kind]);

  async function act(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await action();
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.status === 401)) setError(failure(t, caught));
    } finally {
      setBusy(false);
    }
  }

  const turnOn = () => act(async () => setView({ kind: 'setup', setup: await startTwoStep() }));

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError(t('account.twoStep.codeRequired'));
      return;
    }
    return act(async () => {
      const codes = await confirmTwoStep(code.replace(/\s+/g, ''));
      setCode('');
      setJustEnabled(true);
      setView({ kind: 'codes', codes });
    });
  }

  function withPassword(event: FormEvent, action: 'regenerate' | 'off') {
    event.preventDefault();
    if (password === '') {
      setError(t('account.twoStep.passwordRequired'));
      return;
    }
    return act(async () => {
      if (action === 'regenerate') {
        const codes = await regenerateRecoveryCodes(password);
        setView({ kind: 'codes', codes });
      } else {
        setView({ kind: 'status', status: await disableTwoStep(password) });
        setDone(t('account.twoStep.turnedOff'));
      }
      setPassword('');
    });
  }

  function putAway() {
    setDone(justEnabled ? t('account.twoStep.enabled') : null);
    if (justEnabled) onEnabled?.();
    setJustEnabled(false);
    setView({ kind: 'loading' });
    load();
  }

  const codesText = (codes: string[]) =>
    `${t('account.twoStep.fileHeading', { email: email ?? '' })}\n\n${codes.join('\n')}\n`;

  function download(codes: string[]) {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function copy(codes: string[]) {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      setDone(t('account.twoStep.copied'));
    } catch (caught) {
      setError(String(caught));
    }
  }

  return (
    <section className="account-card two-step-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('account.twoStep.title')}</h2>
      <p className="account-card__intro">{t('account.twoStep.intro')}</p>
      <div role="alert" className={error ? 'admin-alert admin-alert--error' : undefined}>
        {error}
      </div>
      <p role="status" className={done ? 'admin-alert admin-alert--success' : 'account-card__status'}>
        {done}
      </p>

      {view.kind === 'loading' && !error && <p className="admin-checking">{t('account.loading')}</p>}

      {view.kind === 'status' && !view.status.enabled && (
        <>
          <p className="account-card__note">
            <span className="status-pill">{t('account.twoStep.off')}</span>
          </p>
          {view.status.required && <p className="account-card__note">{t('account.twoStep.required')}</p>}
          <button type="button" className="button button--primary" disabled={busy} onClick={turnOn}>
            {busy ? t('account.twoStep.starting') : t('account.twoStep.turnOn')}
          </button>
        </>
      )}

      {view.kind === 'setup' && (
        <form onSubmit={confirm} noValidate>
          <p className="account-card__note">{t('account.twoStep.scan')}</p>
          <img
            className="two-step-card__qr"
            src={view.setup.qr_code}
            alt={t('account.twoStep.qrAlt')}
            width={200}
            height={200}
          />
          <p className="two-step-card__key">
            <span>{t('account.twoStep.key')}: </span>
            <code dir="ltr" translate="no">
              {grouped(view.setup.secret)}
            </code>
          </p>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`${id}-code`}>
              {t('account.twoStep.code')}
            </label>
            <input
              ref={(element) => {
                focusRef.current = element;
              }}
              id={`${id}-code`}
              name="one-time-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={8}
              dir="ltr"
              className="two-step-card__code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-describedby={`${id}-code-hint`}
            />
            <p className="admin-field__hint" id={`${id}-code-hint`}>
              {t('account.twoStep.codeHint')}
            </p>
          </div>
          <div className="two-step-card__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('account.twoStep.confirming') : t('account.twoStep.confirm')}
            </button>
            <button
              type="button"
              className="admin-button"
              disabled={busy}
              onClick={() => {
                setView({ kind: 'loading' });
                load();
              }}
            >
              {t('account.twoStep.cancel')}
            </button>
          </div>
        </form>
      )}

      {view.kind === 'codes' && (
        <div>
          <h3
            className="two-step-card__codes-title"
            tabIndex={-1}
            ref={(element) => {
              focusRef.current = element;
            }}
          >
            {t('account.twoStep.codesTitle')}
          </h3>
          <p className="account-card__note">{t('account.twoStep.codesIntro')}</p>
          <ol className="two-step-card__codes" dir="ltr" translate="no">
            {view.codes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ol>
          <div className="two-step-card__actions">
            <button type="button" className="admin-button" onClick={() => copy(view.codes)}>
              {t('account.twoStep.copy')}
            </button>
            <button type="button" className="admin-button" onClick={() => download(view.codes)}>
              {t('account.twoStep.download')}
            </button>
            <button type="button" className="button button--primary" onClick={putAway}>
              {t('account.twoStep.saved')}
            </button>
          </div>
        </div>
      )}

      {view.kind === 'status' && view.status.enabled && (
        <form onSubmit={(event) => withPassword(event, 'regenerate')} noValidate>
          <p className="account-card__note">
            <span className="status-pill status-pill--on">
              {t('account.twoStep.on', {
                date: view.status.enabled_at ? formatSavedAt(view.status.enabled_at, language) : '',
              })}
            </span>{' '}
            {t('account.twoStep.codesLeft', { count: view.status.recovery_codes_left })}
          </p>
          {view.status.required && <p className="account-card__note">{t('account.twoStep.required')}</p>}
          <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`${id}-password`}>
              {t('account.twoStep.password')}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              dir="ltr"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={`${id}-password-hint`}
            />
            <p className="admin-field__hint" id={`${id}-password-hint`}>
              {t('account.twoStep.passwordHint')}
            </p>
          </div>
          <div className="two-step-card__actions">
            <button type="submit" className="admin-button" disabled={busy}>
              {t('account.twoStep.regenerate')}
            </button>
            {!view.status.required && (
              <button
                type="button"
                className="admin-button admin-button--danger"
                disabled={busy}
                onClick={(event) => withPassword(event, 'off')}
              >
                {t('account.twoStep.turnOff')}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
