import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BOOT_SCRIPT,
  FIRST_SCREEN_MODULE,
  type FirstScreenRenderer,
  type RenderFirstScreen,
} from '../../contract/firstScreen.ts';
import type { SystemStatus } from '../../contract/system.ts';

const MAX_KEPT = 64;
/** Renders at once beyond which a page goes without its first screen rather than wait for one (a burst of pages). */
const MAX_RENDERING = 4;

/**
 * An empty element just after a drawn page's first screen, which the page's head names as render-blocking (`<link
 * rel="expect" blocking="render">`): the browser paints once it has read the whole screen, never half of it (a
 * phone's parser yields and paints as it goes; a row or a select completed a moment later moves what is beside it).
 */
export const DRAWN_END_ID = 'drawn-end';

export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * The first screen of a portal page as HTML (the SPA's own render, built apart: src/ssr/firstScreen.tsx), for the
 * page to show before its code has loaded: on a phone, its code is most of the bytes before a first paint (npm run
 * bench: Lighthouse's FCP and LCP). The SPA then renders over it (src/main.tsx). Only the pages the render says it
 * draws (the router's, contract/firstScreen.ts): a member's and an agent's, the game frames and the back office are
 * the SPA's alone (what the server would draw is a visitor's view of them).
 *
 * Each render has its own state, so several run at once; a few at most (a render is mostly the CPU's, and a burst of
 * pages goes without rather than wait). The last pages are kept by address and replies: the same page for the same
 * merchant and language is the same HTML.
 */
export function firstScreenOf(distDir: string): RenderFirstScreen {
  const file = join(distDir, FIRST_SCREEN_MODULE);
  if (!existsSync(file)) return async () => undefined;
  // A render that does not load leaves every page to the SPA, as without a build of it.
  const renderer: Promise<{ render: RenderFirstScreen; drawn: ReadonlySet<string> } | undefined> = import(
    pathToFileURL(file).href
  ).then(
    ({ default: r }: { default: FirstScreenRenderer }) => ({ render: r.render, drawn: new Set(r.paths) }),
    () => undefined,
  );
  const kept = new Map<string, string | undefined>();
  let rendering = 0;
  return async (url, block) => {
    const path = url.split('?')[0] ?? '/';
    const status = (block.replies['/wps/system/status'] as { value?: SystemStatus } | undefined)?.value;
    const loaded = await renderer;
    // Maintenance, a blocked region and a failed status read are the SPA's own screens.
    if (!loaded?.drawn.has(path) || status?.status !== 0) return undefined;
    const key = createHash('sha256')
      .update(url)
      .update('\0')
      .update(JSON.stringify(block))
      .digest('base64url');
    if (kept.has(key)) return kept.get(key);
    if (rendering >= MAX_RENDERING) return undefined;
    rendering++;
    let html: string | undefined;
    try {
      // Scripts in the render (the router's scroll restoration) would not run: the CSP allows none inline. React's
      // hints for the pictures it draws lead the render: the page's head hints the one that counts.
      html = (await loaded.render(url, block))
        ?.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .replace(/^(?:<link [^>]*\/>)+/, '');
    } catch {
      html = undefined; // the SPA draws the page as before
    } finally {
      rendering--;
    }
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, html);
    return html;
  };
}
