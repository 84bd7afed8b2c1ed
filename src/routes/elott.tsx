import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LotteryWidget } from '../features/lottery/LotteryWidget.tsx';

/** Spec §1 /elott: the e-lottery lobby, the widget on the fast lotteries (prize mode Elott). */
export const Route = createFileRoute('/elott')({
  component: () => (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>E-lottery</Trans>
      </h1>
      <LotteryWidget prizeMode="Elott" />
    </div>
  ),
});
