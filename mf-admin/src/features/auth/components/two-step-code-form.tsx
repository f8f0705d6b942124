import { useTranslation } from '@agency/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';

/** A code from the authenticator app, or one of the recovery codes. */
export type TwoStepAnswer = { code: string } | { recovery_code: string };

/**
 * The sign-in's second step, for an account with two-step sign-in on: its own chunk, fetched while the password
 * is checked, so that the sign-in page of every other editor does not carry it.
 * `onAnswer` resolves true when the answer was taken (the page moves on), false when it was refused: then the
 * field is emptied and focused for another try.
 */
export function TwoStepCodeForm({
  errorId,
  error,
  busy,
  onError,
  onAnswer,
  onStartAgain,
}: {
  errorId: string;
  error: string | null;
  busy: boolean;
  onError: (message: string | null) => void;
  onAnswer: (answer: TwoStepAnswer) => Promise<boolean>;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation('admin');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);

  // The code's field takes focus when it appears, and when it changes to a recovery code and back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: switching to a recovery code is a reason to focus.
  useEffect(() => {
    codeRef.current?.focus();
  }, [useRecovery]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (value === '') {
      onError(t('login.twoStep.codeRequired'));
      codeRef.current?.focus();
      return;
    }
    const taken = await onAnswer(
      useRecovery ? { recovery_code: value } : { code: value.replace(/\s+/g, '') },
    );
    if (!taken) {
      setCode('');
      codeRef.current?.focus();
    }
  }

  return (
    <form className="admin-login__card" onSubmit={submit} noValidate aria-describedby={errorId}>
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
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('login.submitting') : t('login.twoStep.submit')}
      </button>
      <p className="admin-login__switches">
        <button
          type="button"
          className="admin-link-button"
          onClick={() => {
            setUseRecovery((on) => !on);
            setCode('');
            onError(null);
          }}
        >
          {useRecovery ? t('login.twoStep.useCode') : t('login.twoStep.useRecovery')}
        </button>
        <button type="button" className="admin-link-button" onClick={onStartAgain}>
          {t('login.twoStep.back')}
        </button>
      </p>
    </form>
  );
}
