import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';

/**
 * Toasts, through the `@agency/core` singleton: one copy of react-toastify in the page, and none of it on a
 * page's first load. Most visits never show a toast, so the library (about 5 KB gzip) is fetched the first
 * time something calls `toast()`; the shell's one container mounts when it arrives, and react-toastify
 * delivers the toasts asked for before that. Its styles come from the stylesheet the shell imports: the
 * `unstyled` build does not inject a `<style>` element, which the site's CSP (`style-src 'self'`) refuses.
 */
export type { ToastContainerProps } from 'react-toastify/unstyled';

type Toastify = typeof import('react-toastify/unstyled');
type Kind = 'info' | 'success' | 'warning' | 'error';

let loading: Promise<Toastify> | undefined;
const listeners = new Set<(toastify: Toastify) => void>();

/** react-toastify, fetched once; the shell's container and every toast wait on the same download. */
export function loadToastify(): Promise<Toastify> {
  if (!loading) {
    loading = import('react-toastify/unstyled');
    loading.then(
      (toastify) => {
        for (const listener of listeners) listener(toastify);
      },
      () => {
        loading = undefined; // offline with nothing cached: the next toast tries again
      },
    );
  }
  return loading;
}

/**
 * Calls `listener` with react-toastify once a toast has been asked for (at once if one already was). The
 * shell mounts its container from it. Returns the unsubscribe function.
 */
export function onToastsNeeded(listener: (toastify: Toastify) => void): () => void {
  listeners.add(listener);
  loading?.then(listener, () => undefined);
  return () => {
    listeners.delete(listener);
  };
}

function show(kind: Kind | 'default') {
  return (content: ToastContent, options?: ToastOptions): void => {
    loadToastify().then(
      ({ toast: fire }) => {
        if (kind === 'default') fire(content, options);
        else fire[kind](content, options);
      },
      (error: unknown) => console.error('Notifications could not be loaded', error),
    );
  };
}

/** `toast(content)`, `toast.success(...)` and the rest, as react-toastify's, with nothing returned. */
export const toast = Object.assign(show('default'), {
  info: show('info'),
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
  /** Closes one toast, or all of them; nothing to do when none was ever shown. */
  dismiss(id?: string | number): void {
    loading?.then(
      ({ toast: fire }) => fire.dismiss(id),
      () => undefined,
    );
  },
});
