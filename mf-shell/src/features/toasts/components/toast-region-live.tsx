import { type loadToastify, useLanguage, useTranslation } from '@agency/core';
import { useCallback, useEffect, useRef } from 'react';
import 'react-toastify/ReactToastify.css';
import { TOAST_OPTIONS } from './toast-options';
import './toasts.css';

export type Toastify = Awaited<ReturnType<typeof loadToastify>>;
type CloseButtonProps = { closeToast: (removedByUser?: boolean) => void; theme: string };

/** react-toastify's close button, named in the page's language (its own is always named "close"). */
function CloseButton({ closeToast, theme, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The toast container, once react-toastify has arrived (toast-region.tsx loads this module with it). Beyond
 * react-toastify's own pauses (hover, window focus loss), a toast stays while anything in the region
 * has focus (Alt+T, WCAG 2.2.1; toasts.css holds its timer), and when the toast that had focus goes, focus
 * goes back where it was before instead of to the page's body (2.4.3). Its close button and timer are named
 * in the page's language.
 */
export function LiveToastRegion({ toastify }: { toastify: Toastify }) {
  const { t } = useTranslation('shell');
  const rtl = useLanguage() === 'ar';
  const region = useRef<HTMLDivElement>(null);
  /** Where focus was before it came into the notifications, while it is in them. */
  const cameFrom = useRef<HTMLElement | null>(null);
  const focusInside = useRef(false);
  const closeLabel = t('toasts.close');
  // A render function, which react-toastify calls for each toast.
  const closeButton = useCallback(
    (props: CloseButtonProps) => <CloseButton {...props} label={closeLabel} />,
    [closeLabel],
  );

  // react-toastify names its timer "notification timer" in every language.
  useEffect(() => {
    const root = region.current;
    if (!root) return;
    const label = t('toasts.timer');
    const name = () => {
      for (const bar of root.querySelectorAll('[role="progressbar"]')) {
        if (bar.getAttribute('aria-label') !== label) bar.setAttribute('aria-label', label);
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [t]);

  // Native listeners: the blur a closing toast's button gets comes while React removes it, and React does not
  // pass it on then.
  useEffect(() => {
    const root = region.current;
    if (!root) return;
    const focusIn = (event: FocusEvent) => {
      if (focusInside.current) return;
      focusInside.current = true;
      const from = event.relatedTarget;
      cameFrom.current = from instanceof HTMLElement && !root.contains(from) ? from : null;
    };
    const focusOut = (event: FocusEvent) => {
      if (root.contains(event.relatedTarget as Node | null)) return;
      const back = cameFrom.current;
      focusInside.current = false;
      cameFrom.current = null;
      // Focus going nowhere: the toast that had it closed, or a click on nothing focusable. Either way it
      // goes back where it was before Alt+T, not to the page's body.
      if (event.relatedTarget !== null || !back) return;
      requestAnimationFrame(() => {
        const nowhere = document.activeElement === document.body || !document.activeElement;
        if (nowhere && back.isConnected) back.focus();
      });
    };
    root.addEventListener('focusin', focusIn);
    root.addEventListener('focusout', focusOut);
    return () => {
      root.removeEventListener('focusin', focusIn);
      root.removeEventListener('focusout', focusOut);
    };
  }, []);

  const { ToastContainer } = toastify;

  return (
    <div ref={region} className="toast-region">
      <ToastContainer
        {...TOAST_OPTIONS}
        rtl={rtl}
        aria-label={t('toasts.regionLabel')}
        closeButton={closeButton}
      />
    </div>
  );
}
