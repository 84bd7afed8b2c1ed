import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader gets from the router (its own module: the routes and the router both need it). */
export interface RouterContext {
  queryClient: QueryClient;
}
