// The server's first paint of a portal page (server/http/firstScreen.ts): the page the SPA's first render draws, as
// HTML in the page itself. Built apart (npm run build: dist/.ssr) and run in the server's process.

import { text } from 'node:stream/consumers';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { FirstReplies } from '../../contract/firstReplies.ts';
import { setApiLanguage } from '../api/client.ts';
import { adoptFirstRepliesBlock } from '../api/firstReplies.ts';
import { adoptMerchantFromUrl } from '../api/session.ts';
import { App, createQueryClient } from '../app/App.tsx';
import { loadRouteCode, prefetchFirstPage } from '../app/firstPage.ts';
import { makeRouter } from '../app/router.tsx';
import { catalogues, i18n, type UiLocale } from '../i18n/i18n.ts';

/** A new visitor's storage: nothing kept (no token, no merchant, no saved language); emptied for every page. */
class VisitorStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}
const storages = { sessionStorage: new VisitorStorage(), localStorage: new VisitorStorage() };
Object.assign(globalThis, storages);

export async function renderFirstScreen(path: string, block: FirstReplies): Promise<string | undefined> {
  storages.sessionStorage.clear();
  storages.localStorage.clear();
  // The merchant of a white-label link, which the app keeps and names in its calls (server/http/pageHints.ts).
  if (block.linked) adoptMerchantFromUrl(`?merchant=${block.merchant}`);
  const locale = block.language as UiLocale;
  const { messages } = await catalogues[locale]();
  adoptFirstRepliesBlock(structuredClone(block));
  setApiLanguage(locale);
  const queryClient = createQueryClient();
  const router = makeRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  if (!(await prefetchFirstPage(queryClient, locale, path.split('?')[0] ?? '/'))) return undefined;
  await loadRouteCode(router);
  await router.load();
  i18n.loadAndActivate({ locale, messages });
  const app = <App queryClient={queryClient} router={router} session={{}} gated={false} />;
  // A part that suspends or fails is marked to be drawn by the browser (`<!--$!-->`).
  const whole = (html: string) => (html.includes('<!--$!-->') ? undefined : html);
  const html = renderToString(app);
  if (whole(html)) return html;
  // A part still to load (a lazy component, the first time it is drawn) suspended: drawn as its fallback. Prerendered
  // once, which waits for it, the part is there for every page after. A part that failed (it needs the browser)
  // leaves the page to the app.
  await text((await prerenderToNodeStream(app)).prelude);
  return whole(renderToString(app));
}
