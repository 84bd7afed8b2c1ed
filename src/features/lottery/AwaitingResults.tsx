import { Trans } from '@lingui/react/macro';
import type { LotteryGame } from '../../../contract/lottery.ts';

/**
 * An official lottery's (XSMB, XSMT, XSMN) past draw whose results the state lottery company has not yet given, or
 * operators not yet confirmed: its bets stay open until then. Nothing for the house's own draws.
 */
export function AwaitingResults({ game }: { game: Pick<LotteryGame, 'awaitingIssue'> }) {
  const issue = game.awaitingIssue;
  if (!issue) return null;
  return (
    <span className="inline-flex w-fit items-center gap-1.5 rounded bg-warning/15 px-1.5 py-0.5 text-xs font-medium">
      <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 animate-pulse rounded-full bg-warning" />
      <Trans>Issue {issue}: awaiting official results</Trans>
    </span>
  );
}
