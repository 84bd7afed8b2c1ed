import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ROUTE_ALIASES } from '../domain/routesMap.ts';
import { routeTree } from '../routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/** `history`: the browser's by default; the server's first paint gives the page's address (src/ssr). */
export function makeRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    rewrite: {
      input: ({ url }) => {
        const target = ROUTE_ALIASES[url.pathname];
        if (!target) return undefined;
        url.pathname = target;
        return url;
      },
    },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
