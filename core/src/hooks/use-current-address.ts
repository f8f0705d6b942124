import { useEffect } from 'react';
import { useLocation, useNavigate } from '../router';

/**
 * A page read at an address its subject had before (a renamed post's or service's old slug: the server sent
 * the read on to the subject, whose answer names its current slug): the address bar shows the current address,
 * with the same query, in place of the old one in the history. `pathOf` gives a slug's page (a module-level
 * function, so the effect runs only when the slugs change).
 */
export function useCurrentAddress(
  slug: string,
  current: string | undefined,
  pathOf: (slug: string) => string,
): void {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    if (current !== undefined && current !== slug) navigate(`${pathOf(current)}${search}`, { replace: true });
  }, [current, slug, search, navigate, pathOf]);
}
