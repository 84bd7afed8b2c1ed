import type { QueryClient } from '@tanstack/react-query';
import { GTAG_ID } from '../../contract/constants.ts';
import { whitelabelQuery } from '../api/queries.ts';
import { whenSettled } from '../ui/settled.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Loads the merchant's Google Analytics 4 tag (whitelabel analytics.gtagId), once, after the first paint; a merchant
 * without one, or with something that is not a measurement id, loads nothing. GA4 counts the app's own page changes
 * (its enhanced measurement follows the history), so no route code calls it.
 */
export function startAnalytics(client: QueryClient, win: Window = window): Promise<string | null> {
  return new Promise((done) =>
    whenSettled(win, () => {
      client
        .ensureQueryData(whitelabelQuery())
        .then(({ analytics }) => {
          const id = analytics.gtagId;
          if (!GTAG_ID.test(id) || win.document.querySelector('script[data-gtag]')) return done(null);
          win.dataLayer ??= [];
          const dataLayer = win.dataLayer;
          // gtag.js reads its commands as `arguments` objects, not arrays.
          function gtag(..._args: unknown[]) {
            // biome-ignore lint/complexity/noArguments: gtag.js's queue format
            dataLayer.push(arguments);
          }
          gtag('js', new Date());
          gtag('config', id);
          const script = win.document.createElement('script');
          script.async = true;
          script.dataset.gtag = id;
          script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
          win.document.head.append(script);
          done(id);
        })
        .catch(() => done(null));
    }),
  );
}
