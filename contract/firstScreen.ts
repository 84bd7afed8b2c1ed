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
