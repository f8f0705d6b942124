import { Link, useLocation, useSiteConfig, useTranslation } from '@agency/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BrandMark } from '../../../components/icons/brand-mark';
import { CloseIcon, MenuIcon } from '../../../components/icons/ui-icons';
import { CONTACT_PATH } from '../../../config/nav-items';
import { useDismiss } from '../hooks/use-dismiss';
import { LanguageToggle } from './language-toggle';
import { NavLinks } from './nav-links';
import './nav.css';

const MENU_ID = 'site-nav-menu';

/**
 * The main navigation. Below 768 px the links, the get-in-touch button and the language toggle fold into a
 * menu opened by a toggle button; it closes on a click outside, on choosing a link, on Escape and whenever
 * the path changes (a navigation made by another micro-frontend included).
 */
export function NavBar() {
  const { t } = useTranslation('shell');
  const { name } = useSiteConfig();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismiss(open, [menuRef, toggleRef], (reason) => {
    // Escape from inside the menu returns focus to the toggle, or it would vanish with the menu.
    if (reason === 'escape' && menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    setOpen(false);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the path changes.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <nav className="nav" aria-label={t('nav.label')}>
      <div className="container nav__inner">
        <Link to="/" className="nav__brand" aria-label={t('nav.brandHome', { name })} onClick={close}>
          <BrandMark />
          <span className="nav__brand-name">{name}</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="nav__toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={t('nav.menu')}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div ref={menuRef} id={MENU_ID} className="nav__menu" data-open={open}>
          <NavLinks onNavigate={close} />
          <div className="nav__actions">
            <Link to={CONTACT_PATH} className="button button--primary nav__cta" onClick={close}>
              {t('nav.getInTouch')}
            </Link>
            <LanguageToggle />
          </div>
        </div>
      </div>
    </nav>
  );
}
