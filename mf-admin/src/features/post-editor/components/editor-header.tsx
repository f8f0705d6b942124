import { Link } from '@agency/core';
import { useTranslation } from 'react-i18next';

/** The screen's heading with a way back to the posts manager. */
export function EditorHeader({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  return (
    <header className="admin-page__header">
      <h1 id="editor-heading">{title}</h1>
      <Link className="admin-button admin-button--quiet" to="/posts">
        {t('editor.backToPosts')}
      </Link>
    </header>
  );
}
