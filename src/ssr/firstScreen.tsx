// The server's first paint of a portal page (server/http/firstScreen.ts): the page the SPA's first render draws, as
// HTML in the page itself. Built apart (npm run build: dist/.ssr) and run in the server's process.

import { text } from 'node:stream/consumers';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { FirstReplies } from '../../contract/firstReplies.ts';
import { setApiLanguage } from '../api/client.ts';
import { adoptFirstRepliesBlock } from '../api/firstReplies.ts';
import { App, createQueryClient } from '../app/App.tsx';
import { prefetchFirstPage } from '../app/firstPage.ts';
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
  const locale = block.language as UiLocale;
  const { messages } = await catalogues[locale]();
  adoptFirstRepliesBlock(structuredClone(block));
  setApiLanguage(locale);
  const queryClient = createQueryClient();
  const router = makeRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  if (!(await prefetchFirstPage(queryClient, locale))) return undefined;
  // Unlike the browser's first render, the page's code (its route's lazy part) is waited for: it is on disk here.
  await router.load();
  await Promise.all(
    router.state.matches.map((m) =>
      router.loadRouteChunk(router.routesById[m.routeId as keyof typeof router.routesById]),
    ),
  );
  i18n.loadAndActivate({ locale, messages });
  const app = <App queryClient={queryClient} router={router} session={{}} gated={false} />;
  const html = renderToString(app);
  if (!html.includes('<!--$!-->')) return html;
  // A part still to load (a lazy component, the first time it is drawn) suspended: drawn as its fallback. Prerendered
  // once, which waits for it, the part is there for every page after.
  await text((await prerenderToNodeStream(app)).prelude);
  return renderToString(app);
}
