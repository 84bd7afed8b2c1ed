import { Trans } from '@lingui/react/macro';
import { LotteryWidget } from './LotteryWidget.tsx';

/** Spec §2 Lottery centre: the lottery widget, lobby variant (with the category selector). */
export function LotteryCenter() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Lottery centre</Trans>
      </h1>
      <LotteryWidget prizeMode="Lott" lobby />
    </div>
  );
}
