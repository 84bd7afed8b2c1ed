import { createFileRoute } from '@tanstack/react-router';
import type { LotteryTab } from '../../machines/lotteryRefresh.machine.ts';
import type { LotteryCategory } from '../domain/lotteryLinks.ts';
import { oneOf, searchOf } from '../domain/search.ts';
import { LotteryCenter } from '../features/lottery/LotteryCenter.tsx';

// Literal lists: route options are in the first page's code, which carries neither the machine nor zod.
const CATEGORIES = ['Lott', 'Elott'] as const satisfies readonly LotteryCategory[];
const TABS = ['MB', 'MT', 'MN', 'FAST', 'KENO'] as const satisfies readonly LotteryTab[];

/**
 * Spec §1 /lotteryCenter, the path map's lottery section: `prizeMode` is the category shown (Lott, the default, or
 * Elott) and `tag` a tab of it, so the header, the lobby tiles and the home page open it where they point.
 */
const centreSearch = searchOf({ prizeMode: oneOf(CATEGORIES), tag: oneOf(TABS) });

export const Route = createFileRoute('/lotteryCenter')({
  // The server draws its first screen (the frame and the centre as far as its first replies go), as /lottery's:
  // a phone paints it before the app's code has come, and the app takes it over.
  staticData: { firstScreen: true },
  validateSearch: centreSearch,
  component: LotteryCenterRoute,
});

function LotteryCenterRoute() {
  const { prizeMode = 'Lott', tag } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LotteryCenter
      prizeMode={prizeMode}
      tag={tag}
      onCategoryChange={(p) => void navigate({ search: { prizeMode: p }, replace: true })}
    />
  );
}
