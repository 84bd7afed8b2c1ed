import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useId } from 'react';
import { selectIsLoggedIn, selectIsStarting, selectIsTrial } from '../../../machines/session.connect.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { CentreNotice, LoginNotice, TrialNotice } from '../../ui/CentreNotice.tsx';
import { LoadError } from '../../ui/records/form.tsx';
import { useMoney } from '../../ui/records/useMoney.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { ConvertForm } from './ConvertForm.tsx';
import { PointsHistory, RedeemedList } from './PointLists.tsx';
import { formatPoints, pointsBalanceQuery } from './queries.ts';
import { RewardsGrid } from './RewardsGrid.tsx';

/**
 * `/pointMall` (spec §2 points mall, PTSYS3): where the merchant has it, a registered member's points, rewards,
 * redemptions, conversion and history; a visitor is asked to log in, a trial account to register.
 */
export function PointMall() {
  const starting = SessionContext.useSelector(selectIsStarting);
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const trial = SessionContext.useSelector(selectIsTrial);
  const site = useQuery(whitelabelQuery());
  const title = (
    <h1 className="text-2xl font-bold">
      <Trans>Points mall</Trans>
    </h1>
  );
  let body: ReactNode;
  if (site.isError) body = <LoadError error={site.error} onRetry={() => void site.refetch()} />;
  else if (starting || !site.data) body = <Skeleton className="h-96 w-full" />;
  else if (!site.data.features.PTSYS3)
    body = (
      <CentreNotice>
        <p>
          <Trans>The points mall is not available on this site.</Trans>
        </p>
      </CentreNotice>
    );
  else if (!loggedIn) body = <VisitorNotice />;
  else if (trial) body = <TrialNotice />;
  else body = <Mall />;
  return (
    <div className="flex flex-col gap-4">
      {title}
      {body}
    </div>
  );
}

function VisitorNotice() {
  const { open } = useAuthModals();
  const login = useCallback(() => open({ name: 'login' }), [open]);
  return <LoginNotice login={login} />;
}

function Mall() {
  const balance = useQuery(pointsBalanceQuery());
  if (balance.isError) return <LoadError error={balance.error} onRetry={() => void balance.refetch()} />;
  if (!balance.data) return <Skeleton className="h-40 w-full" />;
  const { points, config } = balance.data;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <Summary points={points} earnPerBet={config.earnPerBet} />
        <RewardsGrid points={points} />
        <RedeemedList />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <ConvertForm points={points} config={config} />
        <PointsHistory />
      </div>
    </div>
  );
}

function Summary({ points, earnPerBet }: { points: number; earnPerBet: number }) {
  const { i18n } = useLingui();
  const money = useMoney();
  const shown = formatPoints(points, i18n.locale);
  const one = money.format(100);
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1 rounded-xl border border-line bg-raised p-4">
      <h2 id={id} className="text-sm text-muted">
        <Trans>My points</Trans>
      </h2>
      <p className="text-3xl font-bold tabular-nums">{shown}</p>
      <p className="text-sm text-muted">
        <Trans>
          Every {one} of settled bets earns <Plural value={earnPerBet} one="# point" other="# points" />.
          Points never expire.
        </Trans>
      </p>
    </section>
  );
}
