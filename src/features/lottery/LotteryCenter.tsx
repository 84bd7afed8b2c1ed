import { Trans } from '@lingui/react/macro';
import type { LotteryTab } from '../../../machines/lotteryRefresh.machine.ts';
import type { LotteryCategory } from '../../domain/lotteryLinks.ts';
import { LotteryWidget } from './LotteryWidget.tsx';

/**
 * Spec §2 Lottery centre: the lottery widget, lobby variant (with the category selector), on the category and tab
 * of its link; choosing a category is told to the route (`onCategoryChange`), which keeps it in the URL. Each row
 * opens its lottery's betting page, which links back here.
 */
export function LotteryCenter({
  prizeMode,
  tag,
  onCategoryChange,
}: {
  prizeMode: LotteryCategory;
  tag?: LotteryTab;
  onCategoryChange: (prizeMode: LotteryCategory) => void;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Lottery centre</Trans>
      </h1>
      {/* A new link (another category, a vendor's tab) starts the list afresh there: one load, filters reset. */}
      <LotteryWidget
        key={`${prizeMode}:${tag ?? ''}`}
        prizeMode={prizeMode}
        tag={tag}
        lobby
        onCategoryChange={onCategoryChange}
      />
    </div>
  );
}
