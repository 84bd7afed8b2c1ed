import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  type AnyRouter,
  createRouter,
  ErrorComponent,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import { ROUTE_ALIASES } from '../domain/routesMap.ts';
import { ChunkLoadNotice } from '../features/shell/ChunkErrorBoundary.tsx';
import { routeTree } from '../routeTree.gen.ts';
import { asChunkLoadError } from '../ui/chunkLoad.ts';

/** A page whose code did not load (or timed out) says so with a retry (spec §4, §8); other errors as the router's. */
function RouteError(props: ErrorComponentProps) {
  const chunk = asChunkLoadError(props.error);
  return chunk ? <ChunkLoadNotice error={chunk} /> : <ErrorComponent {...props} />;
}

/** `history`: the browser's by default; the server's first paint gives the page's address (src/ssr). */
export function makeRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
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

/**
 * The pages whose first screen the server draws (src/ssr): the routes that say so. Their data is the first calls'
 * (contract/firstReplies.ts) and nothing of a member's, so a visitor's screen is the page as the app draws it.
 */
export const firstScreenPaths = (router: AnyRouter): string[] =>
  Object.values<AnyRoute>(router.routesById)
    .filter((r) => r.options.staticData?.firstScreen)
    .map((r) => r.fullPath);

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
  interface StaticDataRouteOption {
    /** The server draws this page's first screen for a visitor (firstScreenPaths). */
    firstScreen?: true;
  }
}
