import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Promotion } from '../../../contract/promotions.ts';
import { usePromotionMoney } from './audience.ts';
import { usePromotionLabels } from './labels.ts';

/** The kind of a promotion as a small badge (how a member takes part). */
export function KindBadge({ kind }: { kind: Promotion['kind'] }) {
  const labels = usePromotionLabels();
  return (
    <span className="inline-flex w-fit items-center rounded-full border border-brand/40 bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand-ink dark:border-accent/40 dark:bg-accent/10 dark:text-accent-ink">
      {labels.kind[kind]}
    </span>
  );
}

/** A promotion's reward (the most a rescue fund pays) and when it runs; nothing for a reward the operator decides. */
export function RewardAndDates({ promotion }: { promotion: Promotion }) {
  const { i18n } = useLingui();
  const money = usePromotionMoney();
  const reward = money.format(promotion.reward);
  const day = (iso: string) => i18n.date(iso, { dateStyle: 'medium' });
  const start = day(promotion.startsAt);
  const end = promotion.endsAt === null ? null : day(promotion.endsAt);
  return (
    <dl className="flex flex-col gap-1 text-sm">
      {promotion.reward > 0 && (
        <div className="flex gap-1">
          <dt className="text-muted">
            <Trans>Reward:</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">
            {promotion.kind === 'RESCUE' ? <Trans>up to {reward}</Trans> : reward}
          </dd>
        </div>
      )}
      <div className="flex gap-1">
        <dt className="text-muted">
          <Trans>Dates:</Trans>
        </dt>
        <dd>
          {end === null ? (
            <Trans>
              From <time dateTime={promotion.startsAt}>{start}</time>
            </Trans>
          ) : (
            <Trans>
              <time dateTime={promotion.startsAt}>{start}</time> –{' '}
              <time dateTime={promotion.endsAt ?? ''}>{end}</time>
            </Trans>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The figures of a promotion's kind in a sentence (rescue rate and minimum, task target, draw), if it has any. */
export function KindRule({ promotion }: { promotion: Promotion }) {
  const { i18n } = useLingui();
  const money = usePromotionMoney();
  const reward = money.format(promotion.reward);
  let rule: ReactNode = null;
  switch (promotion.kind) {
    case 'RESCUE': {
      const rate = i18n.number((promotion.rateBp ?? 0) / 10_000, {
        style: 'percent',
        maximumFractionDigits: 2,
      });
      const minLoss = money.format(promotion.minLoss ?? 0);
      rule = (
        <Trans>
          Get {rate} of yesterday’s net loss back when it reached {minLoss}, up to {reward}.
        </Trans>
      );
      break;
    }
    case 'DAILY_TASK': {
      const target = money.format(promotion.target ?? 0);
      rule = (
        <Trans>
          Bet {target} in a day to earn {reward}.
        </Trans>
      );
      break;
    }
    case 'SIGN_IN':
      rule = <Trans>Sign in once a day to earn {reward}.</Trans>;
      break;
    case 'RAFFLE':
      if (promotion.drawAt) {
        const drawAt = i18n.date(promotion.drawAt, { dateStyle: 'medium', timeStyle: 'short' });
        const winners = i18n.number(promotion.winners ?? 1);
        rule = (
          <Trans>
            <Plural value={winners} one="# winner is" other="# winners are" /> drawn on {drawAt}.
          </Trans>
        );
      }
      break;
  }
  return rule && <p className="text-sm">{rule}</p>;
}
