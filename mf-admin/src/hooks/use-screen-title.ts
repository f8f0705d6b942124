import { useDocumentMeta, useSiteName, useTranslation } from '@agency/core';

/** The window's title for an editor screen: "{screen} | {site}", in the page's language (WCAG 2.4.2). */
export function useScreenTitle(screen: string): void {
  const { t } = useTranslation('admin');
  useDocumentMeta(t('screens.documentTitle', { title: screen, name: useSiteName() }));
}
