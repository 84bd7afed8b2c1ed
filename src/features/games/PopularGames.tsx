import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, popularGames } from '../../../contract/games.ts';
import { call } from '../../api/client.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { GameGrid } from './GameGrid.tsx';
import { GameTile } from './GameTile.tsx';
import { useLaunchGame } from './useLaunchGame.ts';

/** Spec §7 popular games (20). */
export const popularGamesQuery = (language: string) =>
  queryOptions({
    queryKey: ['popularGames', language],
    queryFn: async () =>
      (await call(popularGames, { query: { count: PAGE_SIZE.popular, language } })).data.games,
    staleTime: 60_000,
  });

/** "See other popular games" (spec §8): what to play instead of a game under maintenance. */
export function PopularGames({ except }: { except?: string }) {
  const { t, i18n } = useLingui();
  const popular = useQuery(popularGamesQuery(i18n.locale));
  const info = useQuery(whitelabelQuery());
  const { launch, pending } = useLaunchGame();
  const games = (popular.data ?? []).filter((g) => g.nodeId !== except && g.maintenanceUntil === null);
  if (popular.isError || (popular.data && games.length === 0)) return null;
  return (
    <section aria-labelledby="popular-games" className="flex flex-col gap-3">
      <h2 id="popular-games" className="text-lg font-bold">
        <Trans>Popular games</Trans>
      </h2>
      <GameGrid
        games={games}
        loading={popular.isPending}
        label={t`Popular games`}
        renderTile={(game) => (
          <GameTile
            game={game}
            favourite={false}
            favouriteBusy={false}
            freePlay={info.data?.features.FREE_PLAY ?? false}
            launching={pending !== null}
            onPlay={(g) => launch(g, 'play')}
            onTrial={(g) => launch(g, 'trial')}
          />
        )}
      />
    </section>
  );
}
