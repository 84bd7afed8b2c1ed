import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { claimMission, type Mission } from '../../../../contract/missions.ts';
import { call } from '../../../api/client.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { CallError, Done, LoadError, primaryButton } from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { MissionsLeaderboard, usePeriodEnd } from './MissionsLeaderboard.tsx';
import { invalidateAfterReward, missionSummaryQuery } from './queries.ts';

type Tab = 'missions' | 'leaderboard';

/** missionLeaderboard (spec §2 Mission): the day's and week's missions with their rewards, and the bet leaderboard. */
export function Missions() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('missions');
  const base = useId();
  const tabs: { id: Tab; label: string }[] = [
    { id: 'missions', label: t`Missions` },
    { id: 'leaderboard', label: t`Leaderboard` },
  ];
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  // Arrow keys move between tabs (and select them), as the tabs pattern expects.
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((x) => x.id === tab);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i + tabs.length - 1) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const next = tabs[to]!.id;
    setTab(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t`Mission`} className="flex border-b border-line" onKeyDown={onKey}>
        {tabs.map((x) => (
          <button
            key={x.id}
            ref={(el) => {
              refs.current[x.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${x.id}-tab`}
            aria-controls={`${base}-${x.id}`}
            aria-selected={tab === x.id}
            tabIndex={tab === x.id ? 0 : -1}
            onClick={() => setTab(x.id)}
            className={`-mb-px flex-1 border-b-2 py-2 text-sm font-semibold sm:flex-none sm:px-6 ${tab === x.id ? 'border-brand' : 'border-transparent text-muted'}`}
          >
            {x.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}`} aria-labelledby={`${base}-${tab}-tab`}>
        {tab === 'missions' ? <MissionList /> : <MissionsLeaderboard />}
      </div>
    </div>
  );
}

function MissionList() {
  const summary = useQuery(missionSummaryQuery());
  const money = useMoney();
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState<number | null>(null);
  const claim = useMutation({
    mutationFn: async (code: string) => (await call(claimMission, { body: { code } })).value,
    onSuccess: ({ reward }) => {
      setPaid(reward);
      invalidateAfterReward(queryClient, missionSummaryQuery().queryKey);
    },
    // Refused (not complete after all, a new period began): show the missions as they are now.
    onError: () => void queryClient.invalidateQueries({ queryKey: missionSummaryQuery().queryKey }),
  });
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <Skeleton className="h-64 w-full" />;
  const reward = paid === null ? '' : money.format(paid);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        <Plural
          value={summary.data.openCount}
          _0="Every mission of this period is claimed."
          one="# mission open"
          other="# missions open"
        />
      </p>
      {paid !== null && (
        <Done>
          <Trans>{reward} was added to your main wallet.</Trans>
        </Done>
      )}
      <CallError error={claim.error} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {summary.data.missions.map((m) => (
          <MissionCard
            key={m.code}
            mission={m}
            busy={claim.isPending && claim.variables === m.code}
            onClaim={() => {
              setPaid(null);
              claim.mutate(m.code);
            }}
          />
        ))}
      </ul>
    </div>
  );
}

function MissionTitle({ mission: m, amount }: { mission: Mission; amount: string }): ReactNode {
  const daily = m.period === 'DAILY';
  if (m.metric === 'BET_AMOUNT')
    return daily ? (
      <Trans>Bet {amount} in total today</Trans>
    ) : (
      <Trans>Bet {amount} in total this week</Trans>
    );
  if (m.metric === 'ROUNDS')
    return daily ? (
      <Plural value={m.target} one="Play # round today" other="Play # rounds today" />
    ) : (
      <Plural value={m.target} one="Play # round this week" other="Play # rounds this week" />
    );
  return daily ? (
    <Plural value={m.target} one="Win # round today" other="Win # rounds today" />
  ) : (
    <Plural value={m.target} one="Win # round this week" other="Win # rounds this week" />
  );
}

function MissionCard({
  mission: m,
  busy,
  onClaim,
}: {
  mission: Mission;
  busy: boolean;
  onClaim: () => void;
}) {
  const { t } = useLingui();
  const money = useMoney();
  const periodEnd = usePeriodEnd();
  const titleId = useId();
  const amounts = m.metric === 'BET_AMOUNT';
  const shown = (n: number) => (amounts ? money.format(n) : formatNumber(n, money.locale));
  const done = Math.min(m.progress, m.target);
  const progressText = t`${shown(done)} of ${shown(m.target)}`;
  const reward = money.format(m.reward);
  const ends = periodEnd(m.periodEnd);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          <MissionTitle mission={m} amount={shown(m.target)} />
        </h3>
        <span className="shrink-0 rounded-full bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand-ink">
          {m.period === 'DAILY' ? <Trans>Daily</Trans> : <Trans>Weekly</Trans>}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={m.target}
        aria-valuenow={done}
        aria-valuetext={progressText}
        className="h-2 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${(done / m.target) * 100}%` }} />
      </div>
      <p className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span className="tabular-nums">{progressText}</span>
        <span>
          <Trans>Reward: {reward}</Trans>
        </span>
      </p>
      <p className="text-xs text-muted">
        <Trans>
          Ends <time dateTime={m.periodEnd}>{ends}</time>
        </Trans>
      </p>
      {m.status === 'CLAIMED' ? (
        <p className="h-11 rounded-full border border-line text-center font-semibold leading-[2.75rem] text-muted">
          <Trans>Claimed</Trans>
        </p>
      ) : (
        <button
          type="button"
          className={primaryButton}
          disabled={m.status !== 'CLAIMABLE' || busy}
          aria-describedby={titleId}
          onClick={onClaim}
        >
          {m.status === 'CLAIMABLE' ? <Trans>Claim</Trans> : <Trans>In progress</Trans>}
        </button>
      )}
    </li>
  );
}
