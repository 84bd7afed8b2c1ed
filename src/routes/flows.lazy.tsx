import { createLazyFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// With VITE_FLOWS=off the route answers "not found" before this loads, and the build holds none of the page: it is
// imported only where the flag lets it be, and the machines it loads would otherwise regroup the portal's chunks.
export const Route = createLazyFileRoute('/flows')({
  component:
    import.meta.env.VITE_FLOWS === 'off'
      ? () => null
      : lazyRouteComponent(() => import('../flows/FlowsPage.tsx'), 'FlowsPage'),
});
