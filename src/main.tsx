import './i18n/warmIntl.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptFirstReplies } from './api/firstReplies.ts';
import { adoptMerchantFromUrl, adoptTokenFromUrl, storedToken } from './api/session.ts';
import { App, createQueryClient } from './app/App.tsx';
import { loadFirstLocation, prefetchFirstPage } from './app/firstPage.ts';
import { makeRouter } from './app/router.tsx';
import { isOpsPath } from './domain/routesMap.ts';
import { activateLocale, savedLocale } from './i18n/i18n.ts';
import { rememberReferral } from './session/referral.ts';
import './styles.css';

adoptMerchantFromUrl(window.location.search);
adoptFirstReplies();
rememberReferral(window.location.search);
const theme = localStorage.getItem('theme');
if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;

const locale = savedLocale(localStorage, window.location.search);
const catalogue = activateLocale(locale);
const queryClient = createQueryClient();
const firstPage = isOpsPath(window.location.pathname) ? undefined : prefetchFirstPage(queryClient, locale);
const router = makeRouter(queryClient);
// With the first replies in place, the first location too (firstPage.ts); without them (no page hints), the app
// renders at once with its skeletons.
await Promise.all([catalogue, firstPage?.then((local) => (local ? loadFirstLocation(router) : undefined))]);
const root = createRoot(document.getElementById('root')!);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole page (a phone's first render is one long task otherwise: Lighthouse's Total Blocking Time).
startTransition(() =>
  root.render(
    <StrictMode>
      <App
        queryClient={queryClient}
        router={router}
        session={{ tokenFromQuery: adoptTokenFromUrl() ?? undefined, storedToken: storedToken() }}
        gated={!isOpsPath(window.location.pathname)}
      />
    </StrictMode>,
  ),
);
