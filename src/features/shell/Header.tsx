import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { gameMenusQuery, whitelabelQuery } from '../../api/queries.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { NavMenu } from './NavMenu.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';

/** `account` is the account area (login buttons or the user menu), supplied by the app. */
export function Header({ account }: { account: ReactNode }) {
  const { t, i18n } = useLingui();
  const info = useQuery(whitelabelQuery());
  const menus = useQuery(gameMenusQuery(i18n.locale));
  const [navOpen, setNavOpen] = useState(false);
  const brand = info.data?.brand;

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-raised/95 backdrop-blur">
      <div className="mx-auto flex max-w-page flex-wrap items-center gap-2 px-3 py-2">
        <Link
          to="/"
          className="flex items-center gap-2 font-bold"
          aria-label={brand ? t`${brand.name} home` : t`Home`}
        >
          {brand ? (
            <>
              <img src={brand.logoUrl} alt="" className="h-9 w-9 rounded-lg" />
              <span className="text-lg">{brand.name}</span>
            </>
          ) : (
            <Skeleton className="h-9 w-32" />
          )}
        </Link>
        <button
          type="button"
          className="ml-auto rounded-md border border-line px-3 py-1.5 lg:hidden"
          aria-expanded={navOpen}
          aria-controls="main-nav"
          onClick={() => setNavOpen((o) => !o)}
        >
          <Trans>Menu</Trans>
        </button>
        <nav
          id="main-nav"
          aria-label={t`Main`}
          className={`${navOpen ? 'block' : 'hidden'} order-last w-full lg:order-none lg:ml-4 lg:block lg:w-auto`}
        >
          {menus.data ? <NavMenu menus={menus.data} /> : <Skeleton className="h-9 w-full lg:w-[32rem]" />}
        </nav>
        <div className="flex min-w-0 flex-wrap items-center gap-2 lg:ml-auto">
          {account}
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
