import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type DrawResult, type LotteryGame, type PlayType, placeBets } from '../../../contract/lottery.ts';
import type { LotteryRefreshContext, LotteryTab } from '../../../machines/lotteryRefresh.machine.ts';
import {
  gameCountdown,
  selectLoadFailed,
  selectShowSkeleton,
} from '../../../machines/lotteryRefresh.selectors.ts';
import { selectIsLoggedIn, selectIsTrial } from '../../../machines/session.selectors.ts';
import { ApiError, call } from '../../api/client.ts';
import { balanceQuery } from '../../api/queries.ts';
import { newRequestId } from '../../api/requestId.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { formatAmount } from '../../ui/AmountText.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { PreviousNumbers, useFailureText } from './LotteryWidget.tsx';
import { useLotteryLabels } from './labels.ts';
import {
  entryOf,
  GRID_NUMBERS,
  isKeno,
  PLAY_TYPES,
  parseKenoNumbers,
  parseWinningNumbers,
  potentialWin,
  structureOf,
} from './numbers.ts';
import {
  invalidateAfterBet,
  lotteryRulesQuery,
  myBetsQuery,
  nextDrawQuery,
  resultsQuery,
} from './queries.ts';
import {
  betsOf,
  linesOf,
  MAX_SLIP_LINES,
  type NumbersProblem,
  readNumbers,
  readStake,
  type SlipLine,
  type SlipProblem,
  type StakeProblem,
  slipTotal,
} from './slip.ts';
import { useLotteryList, useNow } from './useLotteryList.ts';

const inputClass =
  'h-11 w-full min-w-0 rounded-lg border border-line bg-surface px-3 aria-[invalid]:border-red-500';
const primaryButton = 'h-11 rounded-full bg-brand px-6 font-semibold text-white disabled:opacity-60';
const secondaryButton =
  'h-10 rounded-full border border-line px-4 text-sm font-semibold hover:bg-line/40 disabled:opacity-60';
const RESULTS_SHOWN = 10;

function useMoney(loggedIn: boolean) {
  const { i18n } = useLingui();
  const b = useQuery({ ...balanceQuery(), enabled: loggedIn });
  const sign = b.data?.currencySign ?? '$';
  return (minor: number) => formatAmount(minor, sign, i18n.locale);
}

/**
 * The betting page of a lottery (spec §2 /lottery and /vnLottery, §3 Lottery game): the draw header (issue,
 * countdown on the server's clock, the commitment published before the draw), play types, number entry, stake,
 * a slip of up to 20 lines, placing, past results and the member's bets. The lottery comes from the lotteryRefresh
 * list (both prize modes), which refreshes the sale state as the draws come; without a game code the first lottery
 * of `defaultTag` (or of all) is shown. A Keno game (20 of 01–80) shows its header and results as number grids, and
 * instead of the bet form a note that bets on it are not offered (the server refuses them).
 */
export function LotteryPage({
  gameCode,
  playType,
  defaultTag,
  onPlayTypeChange,
}: {
  gameCode?: string;
  playType?: PlayType;
  defaultTag?: LotteryTab;
  onPlayTypeChange?: (playType: PlayType) => void;
}) {
  const failure = useFailureText();
  const { actor } = useLotteryList({ scope: 'ANY' });
  const context = useSelector(actor, (s) => s.context);
  const skeleton = useSelector(actor, selectShowSkeleton);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const sorted = [...context.games].sort((a, b) => a.gameMenuSort - b.gameMenuSort);
  const game = gameCode
    ? sorted.find((g) => g.code === gameCode)
    : (sorted.find((g) => !defaultTag || g.tag === defaultTag) ?? sorted[0]);

  if (loadFailed)
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-line p-6 text-center"
      >
        <p>{failure(context.error)}</p>
        <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'list.retry' })}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  if (skeleton)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p role="status" className="sr-only">
          <Trans>Loading the lottery…</Trans>
        </p>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  if (!game)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-line p-6 text-center">
        <h1 className="text-xl font-bold">
          <Trans>This lottery is not available.</Trans>
        </h1>
        <Link to="/lotteryCenter" className={secondaryButton}>
          <Trans>Go to the lottery centre</Trans>
        </Link>
      </div>
    );
  const keno = isKeno(game.tag);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <DrawHeader game={game} context={context} />
      {keno ? (
        <p className="rounded-xl border border-line bg-raised p-4 text-sm text-muted">
          <Trans>Keno results are shown here; bets on Keno are not offered.</Trans>
        </p>
      ) : (
        <BetForm
          key={game.code}
          game={game}
          context={context}
          initialPlayType={playType ?? game.defaultPlayType}
          onPlayTypeChange={onPlayTypeChange}
        />
      )}
      <Results game={game} />
      {!keno && <MyBets game={game} />}
    </div>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function DrawHeader({ game, context }: { game: LotteryGame; context: LotteryRefreshContext }) {
  const labels = useLotteryLabels();
  const now = useNow(context.offset);
  const next = useQuery(nextDrawQuery(game.code, game.issue));
  const issue = game.issue;
  const remaining = labels.countdown(gameCountdown(context, game, now));
  return (
    <header className="flex flex-col gap-2 rounded-xl border border-line bg-raised p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{game.labelName || game.code}</h1>
        <span className="rounded bg-line/60 px-1.5 text-xs text-muted">{labels.tag(game.tag)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">
            <Trans>Issue</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{issue}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">
            {game.isSale ? <Trans>Sale closes in</Trans> : <Trans>Sale closed</Trans>}
          </dt>
          <dd className="font-mono text-lg font-semibold tabular-nums" data-testid="draw-countdown">
            {remaining}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted">
            <Trans>Previous result</Trans>
          </dt>
          <dd>
            <PreviousNumbers text={game.previousWinningNumber} keno={isKeno(game.tag)} />
          </dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-muted">
            <Trans>Commitment (published before the draw)</Trans>
          </dt>
          <dd className="break-all font-mono text-xs">
            {next.data ? next.data.commitment : next.isError ? '—' : <Skeleton className="h-4 w-full" />}
          </dd>
        </div>
      </dl>
    </header>
  );
}

function useProblemText(money: (minor: number) => string) {
  const { t } = useLingui();
  return (p: NumbersProblem | StakeProblem | SlipProblem | null): string | undefined => {
    if (!p) return undefined;
    switch (p.kind) {
      case 'pickOne':
        return t`Choose at least one number`;
      case 'pickExactly': {
        const count = p.count;
        return t`Choose exactly ${count} numbers`;
      }
      case 'threeDigits':
        return t`Enter three digits, such as 123`;
      case 'required':
        return t`Please enter a stake`;
      case 'format':
        return t`Enter a stake such as 10 or 10.50`;
      case 'min': {
        const min = money(p.min);
        return t`The minimum stake is ${min}`;
      }
      case 'max': {
        const max = money(p.max);
        return t`The maximum stake is ${max}`;
      }
      case 'full': {
        const max = p.max;
        return t`A slip holds at most ${max} lines`;
      }
    }
  };
}

function BetForm({
  game,
  context,
  initialPlayType,
  onPlayTypeChange,
}: {
  game: LotteryGame;
  context: LotteryRefreshContext;
  initialPlayType: PlayType;
  onPlayTypeChange?: (playType: PlayType) => void;
}) {
  const { t } = useLingui();
  const labels = useLotteryLabels();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const modals = useAuthModals();
  const money = useMoney(loggedIn);
  const problemText = useProblemText(money);
  const failure = useFailureText();
  const queryClient = useQueryClient();
  const rules = useQuery(lotteryRulesQuery());
  const now = useNow(context.offset);
  const closed = gameCountdown(context, game, now).kind === 'closed';

  const [playType, setPlayType] = useState<PlayType>(initialPlayType);
  const [picked, setPicked] = useState<string[]>([]);
  const [digits, setDigits] = useState('');
  const [stakeText, setStakeText] = useState('');
  const [numbersProblem, setNumbersProblem] = useState<NumbersProblem | SlipProblem | null>(null);
  const [stakeProblem, setStakeProblem] = useState<StakeProblem | null>(null);
  const [slip, setSlipState] = useState<SlipLine[]>([]);
  const [placed, setPlaced] = useState<number | null>(null);
  // The same request id while the slip stays as it is: a retry after a lost answer places nothing twice.
  const [requestId, setRequestId] = useState(newRequestId);
  const keyCounter = useRef(0);
  const tabRefs = useRef(new Map<PlayType, HTMLButtonElement>());
  const ids = useId();

  const setSlip = (next: SlipLine[]) => {
    setSlipState(next);
    setRequestId(newRequestId());
  };
  const rule = rules.data?.find((r) => r.playType === playType);
  const odds = rule?.oddsX100[structureOf(game.tag)];
  const stake = readStake(stakeText, rule);
  const entry = entryOf(playType);

  const place = useMutation({
    mutationFn: async () =>
      (
        await call(placeBets, {
          body: { requestId, gameCode: game.code, issue: game.issue, bets: betsOf(slip) },
        })
      ).value,
    onSuccess: (value) => {
      setPlaced(value.bets.length);
      setSlip([]);
      invalidateAfterBet(queryClient);
    },
  });

  const choosePlayType = (p: PlayType) => {
    if (p === playType) return;
    setPlayType(p);
    setPicked([]);
    setDigits('');
    setNumbersProblem(null);
    onPlayTypeChange?.(p);
  };
  const onTabKey = (e: KeyboardEvent) => {
    const i = PLAY_TYPES.indexOf(playType);
    const n = PLAY_TYPES.length;
    const next =
      e.key === 'ArrowRight'
        ? PLAY_TYPES[(i + 1) % n]
        : e.key === 'ArrowLeft'
          ? PLAY_TYPES[(i - 1 + n) % n]
          : e.key === 'Home'
            ? PLAY_TYPES[0]
            : e.key === 'End'
              ? PLAY_TYPES[n - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    choosePlayType(next);
    tabRefs.current.get(next)?.focus();
  };

  const add = () => {
    setPlaced(null);
    const numbers = readNumbers(playType, picked, digits);
    setNumbersProblem(numbers.ok ? null : numbers.problem);
    setStakeProblem(stake.ok ? null : stake.problem);
    if (!numbers.ok || !stake.ok) return;
    const lines = linesOf(playType, numbers.value, stake.value, slip, () => `l${++keyCounter.current}`);
    if (!lines.ok) return setNumbersProblem(lines.problem);
    setSlip([...slip, ...lines.value]);
    setPicked([]);
    setDigits('');
  };

  const numbersError = problemText(numbersProblem);
  const stakeError = problemText(stakeProblem);
  const winText = stake.ok && odds !== undefined ? money(potentialWin(stake.value, odds)) : null;
  const total = money(slipTotal(slip));
  const count = slip.length;
  const minText = rule ? money(rule.minStake) : '';
  const maxText = rule ? money(rule.maxStake) : '';

  return (
    <Section title={<Trans>Place a bet</Trans>}>
      <div
        role="tablist"
        aria-label={t`Play types`}
        className="flex gap-1 overflow-x-auto"
        onKeyDown={onTabKey}
      >
        {PLAY_TYPES.map((p) => {
          const selected = p === playType;
          return (
            <button
              key={p}
              ref={(el) => {
                if (el) tabRefs.current.set(p, el);
                else tabRefs.current.delete(p);
              }}
              id={`${ids}-tab-${p}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${ids}-panel`}
              tabIndex={selected ? 0 : -1}
              className={`h-9 shrink-0 rounded-full px-3 text-sm font-semibold ${selected ? 'bg-brand text-white' : 'border border-line text-muted'}`}
              onClick={() => choosePlayType(p)}
            >
              {labels.playType(p)}
            </button>
          );
        })}
      </div>
      <div
        id={`${ids}-panel`}
        role="tabpanel"
        aria-labelledby={`${ids}-tab-${playType}`}
        className="flex flex-col gap-3"
      >
        {entry.kind === 'digits' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${ids}-digits`} className="text-sm font-medium">
              <Trans>Three digits</Trans>
            </label>
            <input
              id={`${ids}-digits`}
              className={inputClass}
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              value={digits}
              aria-invalid={numbersError ? true : undefined}
              aria-describedby={numbersError ? `${ids}-numbers-error` : undefined}
              onChange={(e) => setDigits(e.target.value)}
            />
          </div>
        ) : (
          <fieldset
            aria-describedby={numbersError ? `${ids}-numbers-error` : undefined}
            className="m-0 grid min-w-0 grid-cols-10 gap-1 border-0 p-0"
          >
            <legend className="sr-only">{t`Numbers`}</legend>
            {GRID_NUMBERS.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={picked.includes(n)}
                className="h-8 rounded border border-line text-xs tabular-nums aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
                onClick={() => setPicked(picked.includes(n) ? picked.filter((x) => x !== n) : [...picked, n])}
              >
                {n}
              </button>
            ))}
          </fieldset>
        )}
        {numbersError && (
          <p id={`${ids}-numbers-error`} className="text-sm text-red-500">
            {numbersError}
          </p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-stake`} className="text-sm font-medium">
            <Trans>Stake per line</Trans>
          </label>
          <input
            id={`${ids}-stake`}
            className={inputClass}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={stakeText}
            aria-invalid={stakeError ? true : undefined}
            aria-describedby={
              [stakeError ? `${ids}-stake-error` : '', rule ? `${ids}-stake-hint` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            onChange={(e) => setStakeText(e.target.value)}
          />
          {rule && (
            <p id={`${ids}-stake-hint`} className="text-xs text-muted">
              <Trans>
                From {minText} to {maxText}
              </Trans>
            </p>
          )}
          {stakeError && (
            <p id={`${ids}-stake-error`} className="text-sm text-red-500">
              {stakeError}
            </p>
          )}
        </div>
        {winText && (
          <p className="text-sm" data-testid="potential-win">
            {playType === 'LO2' ? (
              <Trans>Potential win: {winText} per hit</Trans>
            ) : (
              <Trans>Potential win: {winText}</Trans>
            )}
          </p>
        )}
        <button type="button" className={secondaryButton} onClick={add}>
          <Trans>Add to slip</Trans>
        </button>
      </div>

      <section aria-label={t`Bet slip`} className="flex flex-col gap-2 border-t border-line pt-3">
        <h3 className="text-sm font-semibold">
          <Trans>
            Bet slip ({count} of {MAX_SLIP_LINES})
          </Trans>
        </h3>
        {slip.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>Your slip is empty.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-1">
            {slip.map((line, i) => {
              const lineNo = i + 1;
              const lineStake = money(line.stake);
              return (
                <li key={line.key} className="flex items-center gap-2 text-sm">
                  <span className="flex-1">
                    {labels.playType(line.playType)}{' '}
                    <span className="font-semibold tabular-nums">{line.numbers.join(', ')}</span>
                  </span>
                  <span className="tabular-nums">{lineStake}</span>
                  <button
                    type="button"
                    aria-label={t`Remove line ${lineNo}`}
                    className="h-8 w-8 rounded-full hover:bg-line/40"
                    onClick={() => setSlip(slip.filter((l) => l.key !== line.key))}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="flex justify-between text-sm font-semibold">
          <span>
            <Trans>Total stake</Trans>
          </span>
          <span className="tabular-nums">{total}</span>
        </p>
        {placed !== null && (
          <p
            role="status"
            className="rounded-lg bg-emerald-500/10 px-3 py-2 text-sm text-emerald-600 dark:text-emerald-400"
          >
            <Trans>{placed} bets placed. Good luck!</Trans>
          </p>
        )}
        {place.error && (
          <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-500">
            {failure(place.error instanceof ApiError ? place.error : null)}
          </p>
        )}
        {closed && (
          <p className="text-sm text-muted">
            <Trans>Sales for this draw are closed. The next issue opens after the draw.</Trans>
          </p>
        )}
        {loggedIn ? (
          <button
            type="button"
            className={primaryButton}
            disabled={closed || slip.length === 0 || place.isPending}
            aria-busy={place.isPending}
            onClick={() => {
              setPlaced(null);
              place.mutate();
            }}
          >
            <Trans>Place bets</Trans>
          </button>
        ) : (
          <>
            <p className="text-sm text-muted">
              <Trans>Log in to place bets.</Trans>
            </p>
            <button type="button" className={primaryButton} onClick={() => modals.open({ name: 'login' })}>
              <Trans>Log in</Trans>
            </button>
          </>
        )}
      </section>
    </Section>
  );
}

/** One draw's prizes: DB first, then G1 … G8. */
function PrizeTable({ result }: { result: DrawResult }) {
  const { t } = useLingui();
  const issue = result.issue;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t`Result of issue ${issue}`}</caption>
      <tbody>
        {parseWinningNumbers(result.winningNumber).map((p) => (
          <tr key={p.label} className="border-b border-line/60">
            <th scope="row" className="w-12 py-1 pr-2 font-semibold text-muted">
              {p.label}
            </th>
            <td
              className={`py-1 font-mono tabular-nums ${p.label === 'DB' ? 'text-base font-bold text-brand' : ''}`}
            >
              {p.numbers.join(' · ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One Keno draw: its 20 numbers, ascending, as a grid of ten columns. */
function KenoGrid({ result }: { result: DrawResult }) {
  const { t } = useLingui();
  const issue = result.issue;
  return (
    <ol aria-label={t`Numbers of issue ${issue}`} className="mt-2 grid grid-cols-10 gap-1">
      {parseKenoNumbers(result.winningNumber).map((n) => (
        <li
          key={n}
          className="flex h-8 items-center justify-center rounded-full bg-brand text-sm font-bold tabular-nums text-white"
        >
          {n}
        </li>
      ))}
    </ol>
  );
}

function Results({ game }: { game: LotteryGame }) {
  const { i18n } = useLingui();
  const failure = useFailureText();
  const results = useQuery(resultsQuery(game.code, game.issue));
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.locale);
  return (
    <Section title={<Trans>Results</Trans>}>
      {results.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 text-center">
          <p>{failure(results.error instanceof ApiError ? results.error : null)}</p>
          <button type="button" className={secondaryButton} onClick={() => void results.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : !results.data ? (
        <Skeleton className="h-40 w-full" />
      ) : results.data.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No results yet.</Trans>
        </p>
      ) : (
        <ul aria-label={`${game.labelName || game.code}`} className="flex flex-col gap-2">
          {results.data.slice(0, RESULTS_SHOWN).map((r, i) => {
            const issue = r.issue;
            return (
              <li key={r.issue}>
                <details open={i === 0} className="rounded-lg border border-line bg-surface p-2">
                  <summary className="cursor-pointer text-sm">
                    <Trans>Issue {issue}</Trans> · <time dateTime={r.drawTime}>{when(r.drawTime)}</time>
                  </summary>
                  {isKeno(game.tag) ? <KenoGrid result={r} /> : <PrizeTable result={r} />}
                  <p className="mt-1 break-all font-mono text-[10px] text-muted">
                    <Trans>Commitment</Trans> {r.commitment} · <Trans>Salt</Trans> {r.salt}
                  </p>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function MyBets({ game }: { game: LotteryGame }) {
  const { t } = useLingui();
  const labels = useLotteryLabels();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  // A trial account has no bets of its own to list (the call is for registered accounts).
  const registered = loggedIn && !SessionContext.useSelector(selectIsTrial);
  const money = useMoney(loggedIn);
  const failure = useFailureText();
  const bets = useQuery({ ...myBetsQuery(game.code, 1), enabled: registered });
  const queryClient = useQueryClient();
  const settled = bets.data?.list.filter((b) => b.status !== 'OPEN').length ?? 0;
  useEffect(() => {
    // A bet just settled (a win pays into the main wallet): the header balance is stale.
    if (settled > 0) void queryClient.invalidateQueries({ queryKey: ['balance'] });
  }, [settled, queryClient]);
  if (!registered) return null;
  const status = (s: 'OPEN' | 'WON' | 'LOST') => (s === 'OPEN' ? t`Open` : s === 'WON' ? t`Won` : t`Lost`);
  return (
    <Section title={<Trans>My bets</Trans>}>
      {bets.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 text-center">
          <p>{failure(bets.error instanceof ApiError ? bets.error : null)}</p>
          <button type="button" className={secondaryButton} onClick={() => void bets.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : !bets.data ? (
        <Skeleton className="h-32 w-full" />
      ) : bets.data.list.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No bets on this lottery yet.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[22rem] text-left text-sm">
            <caption className="sr-only">{t`My bets`}</caption>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-2">{t`Issue`}</th>
                <th scope="col" className="py-1 pr-2">{t`Bet`}</th>
                <th scope="col" className="py-1 pr-2 text-right">{t`Stake`}</th>
                <th scope="col" className="py-1 pr-2">{t`Status`}</th>
                <th scope="col" className="py-1 text-right">{t`Payout`}</th>
              </tr>
            </thead>
            <tbody>
              {bets.data.list.map((b) => (
                <tr key={b.id} className="border-b border-line/60">
                  <td className="py-1 pr-2 tabular-nums">{b.issue}</td>
                  <td className="py-1 pr-2">
                    {labels.playType(b.playType)} {b.numbers.join(', ')}
                  </td>
                  <td className="py-1 pr-2 text-right tabular-nums">{money(b.stake)}</td>
                  <td
                    className={`py-1 pr-2 ${b.status === 'WON' ? 'text-emerald-600 dark:text-emerald-400' : b.status === 'LOST' ? 'text-muted' : ''}`}
                  >
                    {status(b.status)}
                  </td>
                  <td className="py-1 text-right tabular-nums">
                    {b.payout === null ? '—' : money(b.payout)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
