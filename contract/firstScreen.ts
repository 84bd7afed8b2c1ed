// The seam between the server and the SPA's render of a page's first screen: the server (server/http/firstScreen.ts)
// loads the render, built apart (npm run build: dist/.ssr), and the render (src/ssr/firstScreen.tsx) is typed by the
// same declaration. Neither DOM nor Node: both the SPA's and the server's compilation read it.

import { LANGUAGE_HEADER, MERCHANT_HEADER, REMEMBERED_KEY } from './constants.ts';
import { type FirstReplies, MEMBER_START_CALLS, MEMBER_START_GLOBAL } from './firstReplies.ts';

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

/** Where a drawn page names its code, which the boot script loads once the first screen has painted. */
export const APP_ENTRY_ID = 'app-entry';

/**
 * The one inline script of a drawn page (allowed by its hash in the CSP), run before the first paint: the visitor's
 * saved theme; a member's (a session token, or a remembered one) drawn screen hidden, a visitor's view of their page,
 * and their header's calls asked at once (MEMBER_START_CALLS), beside the app's code rather than after it;
 * and the app's code loaded once the first paint is on screen (its paint timing entry; at once in a hidden tab, which
 * paints nothing; 3 s on where a browser reports no paint), not beside it: on a phone's link, the code (~150 KB) and
 * the page would share it.
 */
export const BOOT_SCRIPT = `(function(){var d=document.documentElement,t=localStorage.getItem('theme');if(t==='light'||t==='dark')d.dataset.theme=t;if(sessionStorage.getItem('token')||localStorage.getItem('${REMEMBERED_KEY}')||/[?&]token=/.test(location.search))d.dataset.member='';var k=sessionStorage.getItem('token');if(!k)try{var r=JSON.parse(localStorage.getItem('${REMEMBERED_KEY}'));if(r&&typeof r.token==='string'&&r.until>Date.now())k=r.token}catch(e){}if(k&&window.fetch){var m=sessionStorage.getItem('merchant')||localStorage.getItem('merchant'),h={accept:'application/json',${LANGUAGE_HEADER}:d.lang,authorization:'Bearer '+k},a={token:k,merchant:m,language:d.lang,replies:{}};if(m)h.${MERCHANT_HEADER}=m;${JSON.stringify(MEMBER_START_CALLS)}.forEach(function(u){a.replies[u]=fetch(u,{headers:h}).then(function(r){return r.ok?r.json():undefined}).catch(function(){})});window.${MEMBER_START_GLOBAL}=a}var done=false;function load(){if(done)return;done=true;JSON.parse(document.getElementById('${APP_ENTRY_ID}').textContent).forEach(function(s){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s;document.head.appendChild(e)})}try{new PerformanceObserver(function(l,o){o.disconnect();load()}).observe({type:'paint',buffered:true})}catch(e){}if(document.visibilityState==='hidden')load();setTimeout(load,3000)})()`;
