import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Promotion } from '../../../contract/promotions.ts';
import { usePromotionMoney } from './audience.ts';

/**
 * How far a daily task (today's settled bets against its target) or a rescue fund (yesterday's net loss against its
 * minimum) has come: a bar and the same in words.
 */
export function TaskProgress({ promotion, progress }: { promotion: Promotion; progress: number }) {
  const { t } = useLingui();
  const money = usePromotionMoney();
  const id = useId();
  const rescue = promotion.kind === 'RESCUE';
  const goal = Math.max(1, (rescue ? promotion.minLoss : promotion.target) ?? 1);
  const reached = Math.min(Math.max(progress, 0), goal);
  const done = money.format(Math.max(progress, 0));
  const needed = money.format(goal);
  const text = rescue
    ? t`Yesterday’s loss: ${done} of at least ${needed}`
    : t`Today’s bets: ${done} of ${needed}`;
  const percent = Math.floor((reached / goal) * 100);
  return (
    <div className="flex flex-col gap-2">
      <p id={id} className="text-sm tabular-nums">
        {text}
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={reached}
        aria-valuetext={t`${percent}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-brand dark:bg-accent" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
