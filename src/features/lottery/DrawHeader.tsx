import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { LotteryGame } from '../../../contract/lottery.ts';
import type { Clock } from '../../../machines/lotteryRefresh.connect.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { AwaitingResults } from './AwaitingResults.tsx';
import { GameCountdown } from './GameCountdown.tsx';
import { PreviousNumbers } from './LotteryWidget.tsx';
import { useLotteryLabels } from './labels.ts';
import { isKeno } from './numbers.ts';
import { nextDrawQuery } from './queries.ts';

export function DrawHeader({ game, clock }: { game: LotteryGame; clock: Clock }) {
  const labels = useLotteryLabels();
  const next = useQuery(nextDrawQuery(game.code, game.issue));
  const issue = game.issue;
  return (
    <header className="flex flex-col gap-2 rounded-xl border border-line bg-raised p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{game.labelName || game.code}</h1>
        <span className="rounded bg-line/60 px-1.5 text-xs text-muted">{labels.tag(game.tag)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">
            <Trans>Issue</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{issue}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">
            {game.isSale ? <Trans>Sale closes in</Trans> : <Trans>Sale closed</Trans>}
          </dt>
          <dd className="font-mono text-lg font-semibold tabular-nums" data-testid="draw-countdown">
            <GameCountdown clock={clock} game={game} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted">
            <Trans>Previous result</Trans>
          </dt>
          <dd className="flex flex-col gap-1">
            <PreviousNumbers text={game.previousWinningNumber} keno={isKeno(game.tag)} game={game} />
            <AwaitingResults game={game} />
          </dd>
        </div>
        {game.results === 'OFFICIAL' ? (
          <div className="col-span-2">
            <dt className="text-xs text-muted">
              <Trans>Results</Trans>
            </dt>
            <dd className="text-xs">
              <Trans>Settled on the official results of the state lottery company.</Trans>
            </dd>
          </div>
        ) : (
          <div className="col-span-2 min-w-0">
            <dt className="text-xs text-muted">
              <Trans>Commitment (published before the draw)</Trans>
            </dt>
            <dd className="break-all font-mono text-xs">
              {next.data ? next.data.commitment : next.isError ? '—' : <Skeleton className="h-4 w-full" />}
            </dd>
          </div>
        )}
      </dl>
    </header>
  );
}
