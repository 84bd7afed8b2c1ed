import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { PlayType } from '../../../contract/lottery.ts';
import { connectLotteryRefresh } from '../../../machines/lotteryRefresh.connect.ts';
import type { LotteryTab } from '../../../machines/lotteryRefresh.machine.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { BetForm } from './BetForm.tsx';
import { DrawHeader } from './DrawHeader.tsx';
import { useFailureText } from './LotteryWidget.tsx';
import { MyBets } from './MyBets.tsx';
import { isKeno } from './numbers.ts';
import { secondaryButton } from './pageParts.tsx';
import { Results } from './Results.tsx';
import { useLotteryList } from './useLotteryList.ts';

/**
 * The betting page of a lottery (spec §2 /lottery and /vnLottery, §3 Lottery game): the draw header (issue,
 * countdown on the server's clock, the commitment published before the draw), play types, number entry, stake,
 * a slip of up to 20 lines, placing, past results and the member's bets. The lottery comes from the lotteryRefresh
 * list (both prize modes), which refreshes the sale state as the draws come; without a game code the first lottery
 * of `defaultTag` (or of all) is shown. A Keno game (20 of 01–80) shows its header and results as number grids, and
 * instead of the bet form a note that bets on it are not offered (the server refuses them).
 */
export function LotteryPage({
  gameCode,
  playType,
  defaultTag,
  onPlayTypeChange,
}: {
  gameCode?: string;
  playType?: PlayType;
  defaultTag?: LotteryTab;
  onPlayTypeChange?: (playType: PlayType) => void;
}) {
  const failure = useFailureText();
  const actor = useLotteryList({ scope: 'ANY' });
  const view = connectLotteryRefresh(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { skeleton, loadFailed } = view;
  const game = view.pageGame(gameCode, defaultTag);

  if (loadFailed)
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-line p-6 text-center"
      >
        <p>{failure(view.error)}</p>
        <button type="button" className={secondaryButton} onClick={view.retry}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  if (skeleton)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p role="status" className="sr-only">
          <Trans>Loading the lottery…</Trans>
        </p>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  if (!game)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-line p-6 text-center">
        <h1 className="text-xl font-bold">
          <Trans>This lottery is not available.</Trans>
        </h1>
        <Link to="/lotteryCenter" className={secondaryButton}>
          <Trans>Go to the lottery centre</Trans>
        </Link>
      </div>
    );
  const keno = isKeno(game.tag);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      {/* One tap back to the centre, on this lottery's category and tab. */}
      <Link
        to="/lotteryCenter"
        search={{ prizeMode: game.gameType === 'LOTT' ? 'Lott' : 'Elott', tag: game.tag }}
        className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-accent-ink hover:underline"
      >
        <span aria-hidden="true">←</span> <Trans>Lottery centre</Trans>
      </Link>
      <DrawHeader game={game} clock={view.clock} />
      {keno ? (
        <p className="rounded-xl border border-line bg-raised p-4 text-sm text-muted">
          <Trans>Keno results are shown here; bets on Keno are not offered.</Trans>
        </p>
      ) : (
        <BetForm
          key={game.code}
          game={game}
          clock={view.clock}
          initialPlayType={playType ?? game.defaultPlayType}
          onPlayTypeChange={onPlayTypeChange}
        />
      )}
      <Results game={game} />
      {!keno && <MyBets game={game} />}
    </div>
  );
}
