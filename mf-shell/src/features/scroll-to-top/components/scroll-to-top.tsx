import { useLocation } from '@agency/core';
import { useEffect, useRef } from 'react';

/**
 * Scrolls the window to the top whenever the path changes. The first render is skipped so a reload keeps the
 * browser's own scroll restoration. Query and hash changes do not scroll (same page).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
