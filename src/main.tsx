// First, so that its worker starts before the rest of the app's code is evaluated.
import './i18n/warmIntl.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { MERCHANT_COOKIE } from '../contract/firstReplies.ts';
import { intlSample } from '../contract/firstScreen.ts';
import { adoptFirstReplies, firstLanguages } from './api/firstReplies.ts';
import { adoptMerchantFromUrl, adoptRememberedSession, storedMerchant, storedToken } from './api/session.ts';
import { App, createQueryClient } from './app/App.tsx';
import { loadFirstLocation, loadRouteCode, nextTask, prefetchFirstPage } from './app/firstPage.ts';
import { makeRouter } from './app/router.tsx';
import { isOpsPath } from './domain/routesMap.ts';
import { activateLocale, savedLocale, startLocale } from './i18n/i18n.ts';
import { intlWarmed } from './i18n/warmIntl.ts';
import { rememberReferral } from './session/referral.ts';
import { whenSettled } from './ui/settled.ts';
import './styles.css';
import { adoptDrawnScreen } from './ui/Deferred.tsx';

/**
 * The start, as a function rather than the module's top-level code: a module awaiting at its top level is not
 * evaluated until it is done, and a page's lazy code that imports from this chunk would wait for it while it waits
 * for that code (a takeover loads its routes' code first).
 */
async function start() {
  // The modules' own code (the machines, the routes) ran in this task; the start runs in the next ones. A phone's
  // browser gets in between (Lighthouse's Total Blocking Time counts each task's time over 50 ms).
  await nextTask();
  adoptMerchantFromUrl(window.location.search);
  const merchant = storedMerchant();
  // Beside the kept merchant, for the server: the next page is drawn for it (server/http/pageHints.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari and in jsdom
  document.cookie = `${MERCHANT_COOKIE}=${merchant ?? ''}; path=/; samesite=lax; max-age=${merchant ? 31536000 : 0}`;
  adoptFirstReplies();
  adoptRememberedSession();
  rememberReferral(window.location.search);
  const theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;

  const container = document.getElementById('root')!;
  // Its formats' data loaded by the worker: the sample below takes ~0.1 ms instead of a phone's ~80 ms.
  await intlWarmed;
  // The language of the first screen the server drew, if it drew one (server/http/firstScreen.ts) with numbers and
  // dates as this browser writes them (a browser without the language's Intl data draws the page itself).
  const lang = document.documentElement.lang;
  const drawnIn = container.dataset.drawn === intlSample(lang) ? lang : undefined;
  const locale = startLocale(savedLocale(localStorage, window.location.search), firstLanguages(merchant));
  const catalogue = activateLocale(locale);
  const queryClient = createQueryClient();
  // The back office: no first page, no status gate, no merchant's tag.
  const ops = isOpsPath(window.location.pathname);
  const token = storedToken();
  // In the page's language (activateLocale), as the page's boot script asked them: its replies are taken.
  // Its code only for a member: a visitor's first page loads none of the member's queries.
  const member =
    token && !ops
      ? import('./app/memberStart.ts').then(
          (m) => m.prefetchMemberStart(queryClient),
          () => undefined,
        )
      : undefined;
  const firstPage = ops ? undefined : prefetchFirstPage(queryClient, locale, window.location.pathname);
  await nextTask();
  const router = makeRouter(queryClient);
  // The server drew this page's first screen for a visitor in this language: the app takes it over (hydrates it)
  // instead of drawing the page again, and the visitor's screen stays as it is. A member, or another language, gets
  // the app's own first render.
  const takeOver = drawnIn === locale && !token;
  // With the first replies in place, the first location too (firstPage.ts), with its routes' code for a takeover
  // (what the server drew); without them (no page hints), the app renders at once with its skeletons.
  const [, local, info] = await Promise.all([
    catalogue,
    firstPage?.then(async (local) => {
      // In a task after the router's making: each is a few tens of milliseconds on a phone.
      await nextTask();
      // Code that fails to load leaves the route's error to the app (React then redraws what differs).
      if (local && takeOver) await loadRouteCode(router).catch(() => undefined);
      if (local) await loadFirstLocation(router);
      return local;
    }),
    member,
  ]);
  const session = { storedToken: token, member: info };
  const hydrating = takeOver && local === true;
  if (hydrating) {
    adoptDrawnScreen();
    // As the server drew the routes: no suspense boundary around the root route's (the router's mark of a page it drew).
    router.ssr = { manifest: undefined };
  }

  const app = (
    <StrictMode>
      {/* The server drew the page for a portal in normal status: the status gate's check is done. */}
      <App queryClient={queryClient} router={router} session={session} gated={!hydrating && !ops} />
    </StrictMode>
  );
  // From the takeover on, the page takes choices: React replays a click on a part it has yet to hydrate. A screen it
  // does not take over goes at once (a member's was never shown).
  container.removeAttribute('inert');
  container.removeAttribute('data-drawn');
  if (!hydrating) container.replaceChildren();
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page (a phone's first render is one long task otherwise: Lighthouse's Total Blocking Time).
  startTransition(() => {
    if (hydrating) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // The merchant's tag, its code too, once the page has loaded and the browser is idle (src/app/analytics.ts).
  if (!ops)
    whenSettled(window, () => void import('./app/analytics.ts').then((m) => m.startAnalytics(queryClient)));
}

void start();
