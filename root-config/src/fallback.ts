import { applyDocumentLanguage, currentLanguage, type Language } from '@agency/core/language';
import type { LifeCycles } from 'single-spa';

const MESSAGES: Record<Language, { title: string; body: string; retry: string }> = {
  en: {
    title: 'This part of the page could not be loaded.',
    body: 'Check your connection and try again.',
    retry: 'Try again',
  },
  ar: {
    title: 'تعذّر تحميل هذا الجزء من الصفحة.',
    body: 'تحقّق من اتصالك بالإنترنت ثم أعد المحاولة.',
    retry: 'إعادة المحاولة',
  },
};

/**
 * Lifecycles that stand in for a remote that failed to load: a translated message and a retry button,
 * never a blank page. root-config has no UI framework, so this is plain DOM.
 */
export function fallbackLifecycles(
  container: () => HTMLElement,
  retry: () => void = () => globalThis.location.reload(),
  lang: Language = currentLanguage(),
): LifeCycles {
  let box: HTMLElement | null = null;
  return {
    bootstrap: async () => {},
    mount: async () => {
      applyDocumentLanguage(document, lang);
      const text = MESSAGES[lang];
      box = document.createElement('div');
      box.className = 'load-error';
      box.setAttribute('role', 'alert');
      const title = document.createElement('p');
      title.className = 'load-error__title';
      title.textContent = text.title;
      const body = document.createElement('p');
      body.textContent = text.body;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'load-error__retry';
      button.textContent = text.retry;
      button.addEventListener('click', () => retry());
      box.append(title, body, button);
      container().appendChild(box);
    },
    unmount: async () => {
      box?.remove();
      box = null;
    },
  };
}
