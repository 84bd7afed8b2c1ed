// The server's first paint of a portal page (server/http/firstScreen.ts): the page the SPA's first render draws, as
// HTML in the page itself. Built apart (npm run build: dist/.ssr) and run in the server's process.

import { text } from 'node:stream/consumers';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { FirstScreenRenderer, RenderFirstScreen } from '../../contract/firstScreen.ts';
import { createApi } from '../api/client.ts';
import { createFirstReplies } from '../api/firstReplies.ts';
import { App, createQueryClient } from '../app/App.tsx';
import { loadRouteCode, prefetchFirstPage } from '../app/firstPage.ts';
import { firstScreenPaths, makeRouter } from '../app/router.tsx';
import { catalogues, i18n, type UiLocale } from '../i18n/i18n.ts';

/**
 * A new visitor's storage: nothing kept (no token, no merchant, no saved language), and nothing keeps: what a render
 * would write there would be another render's to read.
 */
class VisitorStorage implements Storage {
  readonly length = 0;
  clear() {}
  getItem(_key: string) {
    return null;
  }
  key(_index: number) {
    return null;
  }
  removeItem(_key: string) {}
  setItem(_key: string, _value: string) {}
}
Object.assign(globalThis, { sessionStorage: new VisitorStorage(), localStorage: new VisitorStorage() });

/**
 * Every render has its own state: its calls (language, merchant, the block's replies), its query client and router.
 * Renders at once share only the Lingui instance the views translate with, activated in each render's language just
 * before each of its synchronous renders, which no other render interleaves.
 */
const renderFirstScreen: RenderFirstScreen = async (url, block) => {
  const locale = block.language as UiLocale;
  const { messages } = await catalogues[locale]();
  const api = createApi({
    language: locale,
    // The merchant of a white-label link, which the app keeps and names in its calls (server/http/pageHints.ts).
    merchant: () => (block.linked ? block.merchant : null),
    token: () => null,
    firstReplies: createFirstReplies(block),
  });
  const queryClient = createQueryClient(api);
  const router = makeRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  if (!(await prefetchFirstPage(queryClient, locale, url.split('?')[0] ?? '/'))) return undefined;
  await loadRouteCode(router);
  await router.load();
  const app = <App queryClient={queryClient} router={router} session={{}} gated={false} />;
  const draw = () => {
    i18n.loadAndActivate({ locale, messages });
    return renderToString(app);
  };
  // A part that suspends or fails is marked to be drawn by the browser (`<!--$!-->`).
  const whole = (html: string) => (html.includes('<!--$!-->') ? undefined : html);
  const html = draw();
  if (whole(html)) return html;
  // A part still to load (a lazy component, the first time it is drawn) suspended: drawn as its fallback. Prerendered
  // once, which waits for it, the part is there for every page after. A part that failed (it needs the browser)
  // leaves the page to the app.
  i18n.loadAndActivate({ locale, messages });
  await text((await prerenderToNodeStream(app)).prelude);
  return whole(draw());
};

export default {
  render: renderFirstScreen,
  paths: firstScreenPaths(makeRouter(createQueryClient(), createMemoryHistory())),
} satisfies FirstScreenRenderer;
