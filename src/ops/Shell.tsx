import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { theme as themeSchema } from '../../contract/merchant.ts';
import { activateLocale, LOCALES, languageLabel } from '../i18n/i18n.ts';
import { ROLE_LABEL } from './labels.ts';
import { useOpsLiveUpdates } from './liveUpdates.ts';
import { ACCOUNT_PAGE } from './OpsPage.tsx';
import { pagesFor } from './pages.ts';
import { useOps } from './session.ts';
import { opsButton, opsInlineInput } from './ui.tsx';

const opsRoute = getRouteApi('/ops');

/**
 * The back office's frame: a bar with the merchant picker, the operator and sign-out; the menu of the pages the
 * role may open (a side column on wide screens, a scrolling row on phones); the page.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui();
  const { operator, signOut } = useOps();
  const pages = pagesFor(operator.role);
  const current = opsRoute.useSearch({ select: (s) => s.page }) ?? pages[0]?.path;
  return (
    <div className="min-h-screen bg-surface text-sm text-ink">
      <a
        href="#ops-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="sticky top-0 z-30 flex flex-wrap items-center gap-2 border-b border-line bg-raised px-3 py-2">
        <p className="font-bold">
          <Trans>Back office</Trans>
        </p>
        <MerchantPicker />
        <LiveStatus />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <p className="text-muted">
            {operator.username} · {i18n._(ROLE_LABEL[operator.role])}
          </p>
          <Link
            to="/ops"
            search={(s) => ({ ...s, page: ACCOUNT_PAGE })}
            aria-current={current === ACCOUNT_PAGE ? 'page' : undefined}
            className={opsButton}
          >
            <Trans>Two-factor</Trans>
          </Link>
          <LanguagePicker />
          <ThemeToggle />
          <button type="button" className={opsButton} onClick={signOut}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </header>
      <div className="md:flex">
        <nav
          aria-label={t`Back office pages`}
          className="border-b border-line bg-raised md:min-h-[calc(100vh-3rem)] md:w-48 md:shrink-0 md:border-r md:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col">
            {pages.map((page) => (
              <li key={page.path} className="shrink-0">
                <Link
                  to="/ops"
                  search={(s) => ({ ...s, page: page.path })}
                  aria-current={page.path === current ? 'page' : undefined}
                  className={`block rounded-md px-2 py-1.5 hover:bg-line/40 ${page.path === current ? 'bg-brand/15 font-semibold text-brand-ink' : ''}`}
                >
                  {i18n._(page.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="ops-main" className="min-w-0 flex-1 p-3">
          {children}
        </main>
      </div>
    </div>
  );
}

/** Keeps the queues live (src/ops/liveUpdates.ts) and says whether they are. */
function LiveStatus() {
  const live = useOpsLiveUpdates();
  return (
    <p className="text-xs text-muted">{live ? <Trans>Live</Trans> : <Trans>Refreshing every 30 s</Trans>}</p>
  );
}

/** The merchant the per-merchant pages work on; kept in the address (`?merchant=`) so a reload keeps it. */
function MerchantPicker() {
  const { t } = useLingui();
  const { merchant, merchants } = useOps();
  const navigate = opsRoute.useNavigate();
  return (
    <select
      aria-label={t`Current merchant`}
      className={opsInlineInput}
      value={merchant.code}
      onChange={(e) => void navigate({ search: (s) => ({ ...s, merchant: e.target.value }) })}
    >
      {merchants.map((m) => (
        <option key={m.code} value={m.code}>
          {m.code} · {m.name}
        </option>
      ))}
    </select>
  );
}

function LanguagePicker() {
  const { t, i18n } = useLingui();
  return (
    <select
      aria-label={t`Language`}
      className={opsInlineInput}
      value={i18n.locale}
      onChange={(e) => {
        const locale = LOCALES.find((l) => l === e.target.value);
        if (locale) void activateLocale(locale);
      }}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l}>
          {languageLabel(l)}
        </option>
      ))}
    </select>
  );
}

/** Light or dark, saved where the portal keeps it. */
function ThemeToggle() {
  const { t } = useLingui();
  const [dark, setDark] = useState(
    () => themeSchema.safeParse(document.documentElement.dataset.theme).data === 'dark',
  );
  return (
    <button
      type="button"
      className={opsButton}
      aria-pressed={dark}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        document.documentElement.dataset.theme = next;
        localStorage.setItem('theme', next);
        setDark(!dark);
      }}
    >
      {t`Dark theme`}
    </button>
  );
}
