import { ToastContainer } from '@agency/core';
import { useTranslation } from 'react-i18next';
import 'react-toastify/ReactToastify.css';
import { useLanguage } from '../../../hooks/use-language';
import { TOAST_OPTIONS } from './toast-options';
import './toasts.css';

/** The one toast container of the page; every micro-frontend's `toast()` lands here (shared react-toastify). */
export function ToastRegion() {
  const { t } = useTranslation('shell');
  const rtl = useLanguage() === 'ar';
  return <ToastContainer {...TOAST_OPTIONS} rtl={rtl} aria-label={t('toasts.regionLabel')} />;
}
