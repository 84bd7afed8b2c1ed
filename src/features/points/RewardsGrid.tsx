import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { PointReward } from '../../../contract/points.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { Done, LoadError, Section, secondaryButton } from '../../ui/records/form.tsx';
import { useMoney } from '../../ui/records/useMoney.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { formatPoints, rewardsQuery } from './queries.ts';
import { RedeemDialog } from './RedeemDialog.tsx';

/** The rewards on offer: name, price in points, what is left; redeeming opens the password dialog. */
export function RewardsGrid({ points }: { points: number }) {
  const { t } = useLingui();
  const [pageNo, setPageNo] = useState(1);
  const rewards = useQuery(rewardsQuery(pageNo));
  const [chosen, setChosen] = useState<PointReward | null>(null);
  const [redeemed, setRedeemed] = useState<string | null>(null);
  let body: ReactNode;
  if (rewards.isError) body = <LoadError error={rewards.error} onRetry={() => void rewards.refetch()} />;
  else if (!rewards.data) body = <Skeleton className="h-48 w-full" />;
  else if (rewards.data.list.length === 0)
    body = (
      <p className="text-sm text-muted">
        <Trans>No rewards on offer right now.</Trans>
      </p>
    );
  else
    body = (
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 xl:grid-cols-3">
        {rewards.data.list.map((r) => (
          <RewardCard
            key={r.id}
            reward={r}
            points={points}
            onRedeem={() => {
              setRedeemed(null);
              setChosen(r);
            }}
          />
        ))}
      </ul>
    );
  return (
    <Section title={<Trans>Rewards</Trans>}>
      {redeemed !== null && (
        <Done>
          <Trans>{redeemed} redeemed: it is now In Process.</Trans>
        </Done>
      )}
      {body}
      {rewards.data && (
        <Pagination
          page={pageNo}
          totalPages={rewards.data.totalPages}
          onChange={setPageNo}
          label={t`Reward pages`}
        />
      )}
      {chosen && (
        <RedeemDialog
          reward={chosen}
          onClose={() => setChosen(null)}
          onRedeemed={(name) => {
            setChosen(null);
            setRedeemed(name);
          }}
        />
      )}
    </Section>
  );
}

function RewardCard({
  reward,
  points,
  onRedeem,
}: {
  reward: PointReward;
  points: number;
  onRedeem: () => void;
}) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const { name } = reward;
  const reasonId = useId();
  const left = reward.stockLeft === null ? '' : formatPoints(reward.stockLeft, i18n.locale);
  const soldOut = reward.stockLeft === 0;
  const short = points < reward.points;
  const cash = reward.cashAmount === null ? null : money.format(reward.cashAmount);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3">
      <h4 className="font-semibold">{reward.name}</h4>
      {cash !== null && (
        <p className="text-sm text-muted">
          <Trans>{cash} to your main wallet</Trans>
        </p>
      )}
      <p className="text-lg font-bold tabular-nums">
        <Plural value={reward.points} one="# point" other="# points" />
      </p>
      <p className="text-sm text-muted">
        {reward.stockLeft === null ? <Trans>In stock</Trans> : <Trans>{left} left</Trans>}
      </p>
      <button
        type="button"
        className={secondaryButton}
        disabled={soldOut || short}
        aria-describedby={soldOut || short ? reasonId : undefined}
        aria-label={t`Redeem ${name}`}
        onClick={onRedeem}
      >
        <Trans>Redeem</Trans>
      </button>
      {(soldOut || short) && (
        <p id={reasonId} className="text-xs text-muted">
          {soldOut ? <Trans>Out of stock</Trans> : <Trans>Not enough points</Trans>}
        </p>
      )}
    </li>
  );
}
