import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { VendorDemoGame } from '../features/play/VendorDemoGame.tsx';

/** The demo vendor's game page, opened by a launch of a third-party game (`t` is the launch token). */
export const Route = createFileRoute('/play/demo')({
  validateSearch: z.object({ t: z.string().max(200).catch('').default('') }),
  component: DemoRoute,
});

function DemoRoute() {
  const { t } = Route.useSearch();
  return <VendorDemoGame token={t} onTransferred={postBalanceChanged} />;
}
