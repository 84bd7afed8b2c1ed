import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { SlotGame } from '../features/play/SlotGame.tsx';

/** The in-house slot's page, opened by a launch (`t` is the launch token); no portal frame around it. */
export const Route = createFileRoute('/play/slot')({
  validateSearch: z.object({ t: z.string().max(200).catch('').default('') }),
  component: SlotRoute,
});

function SlotRoute() {
  const { t } = Route.useSearch();
  return <SlotGame token={t} onRoundSettled={postBalanceChanged} />;
}
