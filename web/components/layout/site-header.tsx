import { useEffect, useId } from 'react';
import { atom, useAtom } from 'jotai';
import { useLocation } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { cn } from '../../lib/utils';
import { useHydrated } from '../../lib/use-hydrated';
import { SITE_NAME } from '../../lib/site';
import { buttonVariants } from '../ui/button';
import { Brand } from './brand';
import { SiteLink } from './site-link';
import { SiteSearch } from './site-search';
import { SITE_FOOTER_ID } from './site-footer';
import { CONTACT_NAV, PRIMARY_NAV, isCurrentPath } from './site-nav';

/** Mobile menu: open or closed (spec section 4). */
export const mobileMenuOpenAtom = atom(false);

export function SiteHeader() {
  const [open, setOpen] = useAtom(mobileMenuOpenAtom);
  const pathname = useLocation({ select: (l) => l.pathname });
  const menuId = useId();
  // Until the page has hydrated the menu button could not open anything: it is a link to the
  // footer's navigation instead (the same pages), so a tap is never lost.
  const hydrated = useHydrated();

  // Escape closes the menu, as for any disclosure.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <SiteLink to="/" className="rounded-md" aria-label={`${SITE_NAME} home`} onClick={close}>
          <Brand />
        </SiteLink>

        <SiteSearch id="site-search-top" className="hidden max-w-56 flex-1 lg:block xl:max-w-64" />

        <ul className="hidden items-center gap-1 lg:flex">
          {PRIMARY_NAV.map((item) => {
            const current = isCurrentPath(item.to, pathname);
            return (
              <li key={item.to}>
                <SiteLink
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-11 items-center rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted',
                    current ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {item.label}
                </SiteLink>
              </li>
            );
          })}
          <li className="ml-2">
            <SiteLink
              to={CONTACT_NAV.to}
              aria-current={isCurrentPath(CONTACT_NAV.to, pathname) ? 'page' : undefined}
              className={buttonVariants({ size: 'default' })}
            >
              {CONTACT_NAV.label}
            </SiteLink>
          </li>
        </ul>

        {hydrated ? (
          <button
            type="button"
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'lg:hidden')}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            {open ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          </button>
        ) : (
          <a
            href={`#${SITE_FOOTER_ID}`}
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'lg:hidden')}
          >
            <Menu className="size-6" aria-hidden="true" />
            <span className="sr-only">Menu: the site's pages at the foot of this page</span>
          </a>
        )}
      </nav>

      <div id={menuId} hidden={!open} className="border-t border-border bg-background lg:hidden">
        <div className="mx-auto max-w-6xl px-4 pt-3">
          <SiteSearch id="site-search-menu" />
        </div>
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {[...PRIMARY_NAV, CONTACT_NAV].map((item) => {
            const current = isCurrentPath(item.to, pathname);
            return (
              <li key={item.to}>
                <SiteLink
                  to={item.to}
                  onClick={close}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex h-11 items-center rounded-md px-3 text-base font-medium',
                    current
                      ? 'bg-primary-soft text-primary-soft-foreground'
                      : 'text-foreground hover:bg-muted',
                  )}
                >
                  {item.label}
                </SiteLink>
              </li>
            );
          })}
        </ul>
      </div>
    </header>
  );
}
