import { directionOf, useLanguage, useTranslation } from '@agency/core';
import { useState } from 'react';
import { useEditor } from '../../../hooks/use-editor';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoStepCard } from './two-step-card';
import './account.css';

/** /account: the signed-in editor's password and the places they are signed in. */
export function AccountPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const editor = useEditor();
  const [reloadToken, setReloadToken] = useState(0);
  useScreenTitle(t('screens.account.title'));

  return (
    <section className="admin-page container" dir={directionOf(language)} aria-labelledby="account-heading">
      <header className="admin-page__header">
        <div>
          <h1 id="account-heading">{t('screens.account.title')}</h1>
          {editor && (
            <p className="account-page__who">
              <span dir="auto">{editor.name}</span> · <span dir="ltr">{editor.email}</span>
            </p>
          )}
        </div>
      </header>
      <div className="account-page__cards">
        <PasswordCard email={editor?.email ?? null} onChanged={() => setReloadToken((n) => n + 1)} />
        <SessionsCard reloadToken={reloadToken} />
        <TwoStepCard email={editor?.email ?? null} />
      </div>
    </section>
  );
}
