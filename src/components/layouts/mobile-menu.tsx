// The small-screen menu: a button opening a dropdown (home, books, family, contact, account) that closes on
// choosing an entry, on any click inside it, on a click outside, and on Escape.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../ui/icons';

const entries = [
  { key: 'home', to: '/' },
  { key: 'books', to: '/books' },
  { key: 'family', to: '/family' },
  { key: 'contact', to: '/support' },
  { key: 'account', to: '/profile' },
] as const;

export function MobileMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown as EventListener);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown as EventListener);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={wrapperRef} className="relative md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-target min-w-target items-center justify-center gap-2 rounded-lg border-2 border-line px-3 font-semibold text-ink hover:bg-brand-soft"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span>{t('menu.button')}</span>
      </button>
      {open && (
        <nav
          id={menuId}
          aria-label={t('menu.label')}
          onClick={() => setOpen(false)}
          className="absolute top-full right-0 z-30 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border-2 border-line bg-surface p-2 shadow-lg"
        >
          <ul>
            {entries.map((entry) => (
              <li key={entry.key}>
                <Link
                  to={entry.to}
                  aria-current={pathname === entry.to ? 'page' : undefined}
                  className="flex min-h-target items-center rounded-lg px-3 py-2 text-lg text-ink no-underline hover:bg-brand-soft aria-[current=page]:font-bold aria-[current=page]:underline"
                >
                  {t(`menu.${entry.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
