import { createFileRoute } from '@tanstack/react-router';
import { vendorLanesQuery } from '../api/queries.ts';
import { Providers } from '../features/games/Providers.tsx';

export const Route = createFileRoute('/providers')({
  staticData: { firstScreen: true },
  loader: ({ context }) => context.queryClient.ensureQueryData(vendorLanesQuery()),
  component: Providers,
});
