/**
 * Toasts, through the `@agency/core` singleton for the same reason as the router: one copy of react-toastify
 * in the page, holding only what the site uses. The shell mounts the one container; every micro-frontend
 * calls `toast()`.
 */
export { ToastContainer, type ToastContainerProps, toast } from 'react-toastify';
