import { vi } from 'vitest';

/** window.confirm answering `answer` (happy-dom has none). */
export function stubConfirm(answer = true) {
  const confirm = vi.fn((_message?: string) => answer);
  Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
  return confirm;
}
