import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Promotion, PromotionState } from '../../../contract/promotions.ts';
import { primaryButton, secondaryButton } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { type Audience, useGate } from './audience.ts';
import { KindBadge, RewardAndDates } from './Facts.tsx';
import { ACTIONABLE, usePromotionLabels } from './labels.ts';

interface CardProps {
  promotion: Promotion;
  audience: Audience;
  state: PromotionState | null | undefined;
}

/**
 * One promotion of the list: title (to its page), summary, reward, dates, kind, and the member's status as a button
 * to the promotion's page; `state` undefined while the member's states load, null when they could not.
 */
export function PromotionCard({ promotion, audience, state }: CardProps) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl border border-line bg-raised p-4">
      <KindBadge kind={promotion.kind} />
      <h2 className="text-lg font-bold">
        <Link
          to="/promoDetail"
          search={{ id: promotion.id }}
          className="hover:text-brand-ink hover:underline dark:hover:text-accent-ink"
        >
          {promotion.title}
        </Link>
      </h2>
      {promotion.summary && <p className="text-sm text-muted">{promotion.summary}</p>}
      <RewardAndDates promotion={promotion} />
      <div className="mt-auto pt-2">
        <StatusButton promotion={promotion} audience={audience} state={state} />
      </div>
    </li>
  );
}

function StatusButton({ promotion, audience, state }: CardProps) {
  const { t } = useLingui();
  const labels = usePromotionLabels();
  const gate = useGate();
  const { title } = promotion;
  if (audience === 'starting' || (audience === 'member' && state === undefined))
    return <Skeleton className="h-11 w-full" />;
  if (audience === 'visitor')
    return (
      <button
        type="button"
        className={`${primaryButton} w-full`}
        aria-label={t`Log in to join ${title}`}
        onClick={gate.login}
      >
        {t`Log in`}
      </button>
    );
  if (audience === 'trial') {
    const join = labels.status.JOIN;
    return (
      <button
        type="button"
        className={`${primaryButton} w-full`}
        aria-label={t`${join}: ${title}`}
        onClick={gate.register}
      >
        {join}
      </button>
    );
  }
  const status = state ? labels.status[state.status] : t`Details`;
  const strong = state ? ACTIONABLE.includes(state.status) : false;
  return (
    <Link
      to="/promoDetail"
      search={{ id: promotion.id }}
      aria-label={t`${status}: ${title}`}
      className={`${strong ? primaryButton : secondaryButton} flex w-full items-center justify-center`}
    >
      {status}
    </Link>
  );
}
