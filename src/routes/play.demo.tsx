import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { VendorDemoGame } from '../features/play/VendorDemoGame.tsx';

/** The demo vendor's game page, opened by a launch of a third-party game (`t` is the launch token). */
export const Route = createFileRoute('/play/demo')({
  validateSearch: searchOf({ t: text(200, '') }),
  component: DemoRoute,
});

function DemoRoute() {
  const { t } = Route.useSearch();
  return <VendorDemoGame token={t} onTransferred={postBalanceChanged} />;
}
