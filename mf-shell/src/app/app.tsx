import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';

export function App() {
  const { t } = useTranslation('shell');
  const header = document.getElementById('site-header');
  const footer = document.getElementById('site-footer');
  return (
    <BrowserRouter>
      {header && createPortal(<header data-mfe="@agency/mf-shell">{t('brand')}</header>, header)}
      {footer && createPortal(<footer>{t('brand')}</footer>, footer)}
    </BrowserRouter>
  );
}
