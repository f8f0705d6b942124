import { type loadToastify, onToastsNeeded, useLanguage, useTranslation } from '@agency/core';
import { type ComponentType, useEffect, useState } from 'react';
import 'react-toastify/ReactToastify.css';
import { TOAST_OPTIONS } from './toast-options';
import './toasts.css';

type Container = Awaited<ReturnType<typeof loadToastify>>['ToastContainer'];

/**
 * The one toast container of the page; every micro-frontend's `toast()` lands here. It mounts when the
 * first toast is asked for (react-toastify is not part of a page's first load), and stays.
 */
export function ToastRegion() {
  const { t } = useTranslation('shell');
  const rtl = useLanguage() === 'ar';
  const [ToastContainer, setContainer] = useState<ComponentType<Parameters<Container>[0]> | null>(null);
  useEffect(() => onToastsNeeded((toastify) => setContainer(() => toastify.ToastContainer)), []);
  if (!ToastContainer) return null;
  return <ToastContainer {...TOAST_OPTIONS} rtl={rtl} aria-label={t('toasts.regionLabel')} />;
}
