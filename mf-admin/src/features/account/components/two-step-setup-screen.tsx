import { directionOf, useLanguage, useTranslation } from '@agency/core';
import { useEditor } from '../../../hooks/use-editor';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { SignOutButton } from '../../auth/components/sign-out-button';
import { TwoStepCard } from './two-step-card';
import './account.css';

/**
 * What an administrator sees while the owner requires two-step sign-in and theirs is off: the setup alone
 * (the server refuses everything else until it is on), then the editor opens as usual.
 */
export function TwoStepSetupScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const editor = useEditor();
  useScreenTitle(t('account.twoStep.setupTitle'));
  return (
    <section
      className="admin-page container"
      dir={directionOf(language)}
      aria-labelledby="two-step-setup-heading"
    >
      <header className="admin-page__header">
        <div>
          <h1 id="two-step-setup-heading">{t('account.twoStep.setupTitle')}</h1>
          <p className="account-page__who">{t('account.twoStep.setupIntro')}</p>
        </div>
        <SignOutButton />
      </header>
      <div className="account-page__cards">
        <TwoStepCard email={editor?.email ?? null} onEnabled={() => window.location.reload()} />
      </div>
    </section>
  );
}
