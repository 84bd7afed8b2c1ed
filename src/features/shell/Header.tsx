import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { gameMenusQuery, whitelabelQuery } from '../../api/queries.ts';
import { lazyChunk } from '../../ui/chunkLoad.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { NavMenu } from './NavMenu.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { useClosingOnNavigation } from './useClosingOnNavigation.ts';

const MENU_ID = 'site-menu';

// The support entries come with the floating support button's code (a wide screen's), when a phone's menu opens.
const SupportLinks = lazyChunk('SideMenu', () =>
  import('./SideMenu.tsx').then((m) => ({ default: m.SupportLinks })),
);

/**
 * The portal header. On a phone (below `lg`) it is one sticky row — logo, the account area (balance, Deposit…) and
 * the menu button — and the nav categories, theme, language and support live in the menu's drawer; from `lg` the drawer's
 * contents sit in the row. Phone or desktop is CSS only: the server's first screen draws the same markup. The drawer
 * closes on navigation (a link chosen in it, or anywhere else) and on Escape, which gives the focus back to its
 * button. `account` is the account area (login buttons or the user menu), supplied by the app.
 */
export function Header({ account, className = '' }: { account: ReactNode; className?: string }) {
  const imageUrl = useImageUrl();
  const { t, i18n } = useLingui();
  const info = useQuery(whitelabelQuery());
  const menus = useQuery(gameMenusQuery(i18n.locale));
  const [open, setOpen] = useClosingOnNavigation();
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const brand = info.data?.brand;

  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>('a[href], button, select')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    // The page under the drawer stays where it was.
    document.body.classList.add('max-lg:overflow-hidden');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('max-lg:overflow-hidden');
    };
  }, [open, setOpen]);

  return (
    // No backdrop filter below lg: it would make the header the drawer's containing block (a 56 px high drawer).
    <header
      className={`sticky top-0 z-30 border-b border-line bg-raised lg:bg-raised/95 lg:backdrop-blur ${className}`}
    >
      <div className="mx-auto flex h-14 max-w-page items-center gap-1.5 px-3 lg:h-auto lg:flex-wrap lg:gap-2 lg:py-2">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 font-bold"
          aria-label={brand ? t`${brand.name} home` : t`Home`}
        >
          {brand ? (
            <>
              <img src={imageUrl(brand.logoUrl)} alt="" className="h-9 w-9 rounded-lg" />
              <span className="text-lg max-lg:sr-only">{brand.name}</span>
            </>
          ) : (
            <Skeleton className="h-9 w-9 lg:w-32" />
          )}
        </Link>
        <div
          id={MENU_ID}
          ref={drawer}
          className={`${open ? 'flex' : 'hidden'} fixed inset-x-0 bottom-0 top-14 z-40 flex-col gap-4 overflow-y-auto overscroll-contain border-t border-line bg-raised p-4 lg:contents`}
        >
          <nav id="main-nav" aria-label={t`Main`} className="lg:order-2 lg:ml-4">
            {menus.data ? (
              <NavMenu menus={menus.data} onChoose={() => setOpen(false)} />
            ) : (
              <Skeleton className="h-9 w-full lg:w-[32rem]" />
            )}
          </nav>
          <div className="flex items-center gap-2 border-t border-line pt-4 lg:order-4 lg:border-0 lg:pt-0">
            <ThemeSwitch />
            <LanguageSwitch />
          </div>
          {/* A phone's support: from `lg` the floating support button has it. Built only while open. */}
          {open && (
            <section aria-label={t`Support`} className="border-t border-line pt-4 lg:hidden">
              <Suspense fallback={null}>
                <SupportLinks onChosen={() => setOpen(false)} />
              </Suspense>
            </section>
          )}
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-1.5 lg:order-3 lg:gap-2">{account}</div>
        <button
          ref={toggle}
          type="button"
          className="grid h-10 w-10 shrink-0 place-items-center rounded-md border border-line lg:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? 'close' : 'menu'} className="h-5 w-5" />
          <span className="sr-only">
            <Trans>Menu</Trans>
          </span>
        </button>
      </div>
    </header>
  );
}
