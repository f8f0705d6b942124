import type { ToastContainerProps } from '@agency/core';

/**
 * The site's notification area (spec section 2, Notifications). Top-right in both languages, as the spec
 * says; `rtl` only mirrors the inside of each toast. Alt+T (react-toastify's default `hotKeys`) focuses the
 * first notification; `code === 'KeyT'` makes it work on an Arabic keyboard layout too.
 */
export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 5000,
  closeOnClick: true,
  draggable: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  newestOnTop: false,
  theme: 'light',
  hotKeys: (event: KeyboardEvent) => event.altKey && event.code === 'KeyT',
} as const satisfies ToastContainerProps;
