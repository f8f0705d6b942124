/**
 * Writes the draft's id into the address (/new_blog?draft=<id>) so that a reload, or a return from the
 * sign-in page, finds the draft again. It goes around the router on purpose: this is the same screen and
 * must not re-render or remount.
 */
export function showDraftInAddress(id: string | null): void {
  const url = id ? `/new_blog?draft=${encodeURIComponent(id)}` : '/new_blog';
  if (`${window.location.pathname}${window.location.search}` === url) return;
  window.history.replaceState(window.history.state, '', url);
}
