import { NavLink, useTranslation } from '@agency/core';
import { NAV_ITEMS } from '../../../config/nav-items';

/**
 * The main section links; NavLink sets aria-current="page" on the active one. Matching is case-sensitive like
 * the route table, so `/About` (a 404) marks nothing.
 */
export function NavLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <ul className="nav__links">
      {NAV_ITEMS.map(({ to, key, end }) => (
        <li key={to}>
          <NavLink to={to} end={end} caseSensitive className="nav__link" onClick={onNavigate}>
            {t(`nav.${key}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
