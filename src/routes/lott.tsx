import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LotteryWidget } from '../features/lottery/LotteryWidget.tsx';

/** Spec §1 /lott: the lottery lobby, the widget on the daily lotteries (prize mode Lott). */
export const Route = createFileRoute('/lott')({
  component: () => (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Lottery</Trans>
      </h1>
      <LotteryWidget prizeMode="Lott" />
    </div>
  ),
});
