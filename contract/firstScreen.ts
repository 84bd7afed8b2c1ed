// The seam between the server and the SPA's render of a page's first screen: the server (server/http/firstScreen.ts)
// loads the render, built apart (npm run build: dist/.ssr), and the render (src/ssr/firstScreen.tsx) is typed by the
// same declaration. Neither DOM nor Node: both the SPA's and the server's compilation read it.

import type { FirstReplies } from './firstReplies.ts';

/** Where the build lays the render out, inside the SPA's build folder. */
export const FIRST_SCREEN_MODULE = '.ssr/firstScreen.js';

/**
 * The first screen of the page at `url` (path and query string) as HTML, drawn from the first calls' replies of
 * `block` alone, in its language; undefined when the page is left to the SPA (a part that needs the browser).
 */
export type RenderFirstScreen = (url: string, block: FirstReplies) => Promise<string | undefined>;

/** The built module's default export. */
export interface FirstScreenRenderer {
  render: RenderFirstScreen;
  /**
   * The pages it draws, by path: the router's routes that say so (`staticData.firstScreen`, src/app/router.tsx).
   * A member's and an agent's pages, the game frames and the back office are the SPA's alone.
   */
  paths: readonly string[];
}

/**
 * How this runtime's `Intl` writes a number and a date in `locale`, as the screens format them (Lingui: the locale,
 * else English). The server draws a page with Node's full ICU data; a browser without a language's data (desktop
 * Chromium lacks km, my and lo) writes its numbers and dates otherwise, and taking the drawn screen over there would
 * be a hydration mismatch. The drawn page carries the server's sample; the app takes it over only when its own agrees.
 */
export function intlSample(locale: string): string {
  const locales = [locale, 'en'];
  const at = new Date(Date.UTC(2026, 0, 31, 13, 5));
  return [
    new Intl.NumberFormat(locales).format(1234567.5),
    new Intl.NumberFormat(locales, { style: 'percent' }).format(0.25),
    new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at),
  ].join(' ');
}
