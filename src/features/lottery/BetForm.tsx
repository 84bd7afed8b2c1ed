import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { type LotteryGame, type PlayType, placeBets } from '../../../contract/lottery.ts';
import { connectBetSlip } from '../../../machines/betSlip.connect.ts';
import { betSlipMachine, type PlaceRequest } from '../../../machines/betSlip.machine.ts';
import {
  MAX_SLIP_LINES,
  type NumbersProblem,
  type PointsProblem,
  paysPerHit,
  priceOf,
  type SlipProblem,
} from '../../../machines/betSlip.slip.ts';
import { type Clock, gameCountdown } from '../../../machines/lotteryRefresh.connect.ts';
import { selectIsLoggedIn } from '../../../machines/session.connect.ts';
import { ApiError, call } from '../../api/client.ts';
import { newRequestId } from '../../api/requestId.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { latinDigits } from '../../i18n/format.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { useAuthRequired } from '../../session/useAuthRequired.ts';
import { useBreakText, useLimitText } from '../../ui/records/limitText.ts';
import { useFailureText } from './LotteryWidget.tsx';
import { useLotteryLabels } from './labels.ts';
import { GRID_NUMBERS, PLAY_TYPES, structureOf } from './numbers.ts';
import { inputClass, primaryButton, Section, secondaryButton, useMoney } from './pageParts.tsx';
import { invalidateAfterBet, lotteryRulesQuery } from './queries.ts';
import { useNow } from './useLotteryList.ts';

/** The bet slip with the real place call; a placed slip changes the balance and My bets. */
const liveBetSlip = (queryClient: QueryClient) =>
  betSlipMachine.provide({
    actors: {
      placeBets: fromPromise<{ count: number }, PlaceRequest>(async ({ input }) => {
        const { value } = await call(placeBets, { body: input });
        invalidateAfterBet(queryClient);
        return { count: value.bets.length };
      }),
    },
  });

function useProblemText() {
  const { t } = useLingui();
  return (p: NumbersProblem | PointsProblem | SlipProblem | null): string | undefined => {
    if (!p) return undefined;
    switch (p.kind) {
      case 'pickOne':
        return t`Choose at least one number`;
      case 'pickExactly': {
        const count = p.count;
        return t`${plural(count, { one: 'Choose exactly # number', other: 'Choose exactly # numbers' })}`;
      }
      case 'threeDigits':
        return t`Enter three digits, such as 123`;
      case 'required':
        return t`Please enter the points`;
      case 'format':
        return t`Enter whole points, such as 1 or 10`;
      case 'min': {
        const min = p.min;
        return t`${plural(min, { one: 'At least # point', other: 'At least # points' })}`;
      }
      case 'max': {
        const max = p.max;
        return t`${plural(max, { one: 'At most # point', other: 'At most # points' })}`;
      }
      case 'unpriced':
        return t`The prices are not in yet. Try again in a moment.`;
      case 'full': {
        const max = p.max;
        return t`A slip holds at most ${max} lines`;
      }
    }
  };
}

export function BetForm({
  game,
  clock,
  initialPlayType,
  onPlayTypeChange,
}: {
  game: LotteryGame;
  clock: Clock;
  initialPlayType: PlayType;
  onPlayTypeChange?: (playType: PlayType) => void;
}) {
  const { t } = useLingui();
  const labels = useLotteryLabels();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const money = useMoney(loggedIn);
  const problemText = useProblemText();
  const failure = useFailureText();
  const limitText = useLimitText();
  const breakText = useBreakText();
  const queryClient = useQueryClient();
  const rules = useQuery(lotteryRulesQuery());
  const now = useNow(clock);
  const closed = gameCountdown(clock, game, now).kind === 'closed';

  const logic = useMemo(() => liveBetSlip(queryClient), [queryClient]);
  const actor = useActorRef(logic, {
    inspect: liveInspect,
    input: { gameCode: game.code, playType: initialPlayType, loggedIn, newRequestId },
  });
  useAuthRequired(actor);
  const slip = connectBetSlip(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { playType, entry } = slip;
  const tabRefs = useRef(new Map<PlayType, HTMLButtonElement>());
  const ids = useId();

  // What lives outside the slip: the session, the sale's clock (the view's, on the server's time). Each sync
  // sends only a change.
  useEffect(() => {
    slip.syncSession(loggedIn);
    slip.syncSale(closed);
  });
  const placed = slip.placed;

  const price = priceOf(
    rules.data?.find((r) => r.playType === playType),
    structureOf(game.tag),
  );

  const choosePlayType = (p: PlayType) => {
    if (p === playType) return;
    slip.selectPlayType(p);
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

  const numbersError = problemText(slip.numbersProblem);
  const pointsError = problemText(slip.pointsProblem);
  const quote = slip.quote(price);
  const costText = quote ? money(quote.cost) : null;
  const winText = quote ? money(quote.winPerHit) : null;
  const total = money(slip.total);
  const count = slip.lines.length;
  const pointCost = price ? money(price.pointCost) : '';
  const minPoints = price?.minPoints ?? 0;
  const maxPoints = price?.maxPoints ?? 0;

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
              value={slip.digits}
              aria-invalid={numbersError ? true : undefined}
              aria-describedby={numbersError ? `${ids}-numbers-error` : undefined}
              // Lottery numbers are Latin digits in every language: digits typed in the player's script become them.
              onChange={(e) => slip.changeDigits(latinDigits(e.target.value))}
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
                aria-pressed={slip.isPicked(n)}
                className="h-8 rounded border border-line text-xs tabular-nums aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
                onClick={() => slip.toggleNumber(n)}
              >
                {n}
              </button>
            ))}
          </fieldset>
        )}
        {numbersError && (
          <p id={`${ids}-numbers-error`} className="text-sm text-danger">
            {numbersError}
          </p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-points`} className="text-sm font-medium">
            <Trans>Points per line</Trans>
          </label>
          <input
            id={`${ids}-points`}
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            placeholder="1"
            value={slip.pointsText}
            aria-invalid={pointsError ? true : undefined}
            aria-describedby={
              [pointsError ? `${ids}-points-error` : '', price ? `${ids}-points-hint` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            onChange={(e) => slip.changePoints(latinDigits(e.target.value))}
          />
          {price && (
            <p id={`${ids}-points-hint`} className="text-xs text-muted">
              <Trans>1 point = {pointCost}</Trans> ·{' '}
              {t`${plural(maxPoints, { one: `From ${minPoints} to # point`, other: `From ${minPoints} to # points` })}`}
            </p>
          )}
          {pointsError && (
            <p id={`${ids}-points-error`} className="text-sm text-danger">
              {pointsError}
            </p>
          )}
        </div>
        {costText && winText && (
          <dl className="grid grid-cols-2 gap-x-3 text-sm" data-testid="line-quote">
            <dt className="text-muted">
              <Trans>Cost per line</Trans>
            </dt>
            <dd className="text-right tabular-nums">{costText}</dd>
            <dt className="text-muted">
              {paysPerHit(playType) ? <Trans>Win per hit</Trans> : <Trans>Win if it hits</Trans>}
            </dt>
            <dd className="text-right font-semibold tabular-nums">{winText}</dd>
          </dl>
        )}
        <button type="button" className={secondaryButton} onClick={() => slip.add(price)}>
          <Trans>Add to slip</Trans>
        </button>
      </div>

      <section aria-label={t`Bet slip`} className="flex flex-col gap-2 border-t border-line pt-3">
        <h3 className="text-sm font-semibold">
          <Trans>
            Bet slip ({count} of {MAX_SLIP_LINES})
          </Trans>
        </h3>
        {count === 0 ? (
          <p className="text-sm text-muted">
            <Trans>Your slip is empty.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-1">
            {slip.lines.map((line, i) => {
              const lineNo = i + 1;
              const points = line.points;
              const lineCost = money(line.cost);
              const lineWin = money(line.winPerHit);
              return (
                <li key={line.key} className="flex items-center gap-2 text-sm">
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span>
                      {labels.playType(line.playType)}{' '}
                      <span className="font-semibold tabular-nums">{line.numbers.join(', ')}</span>
                    </span>
                    <span className="text-xs text-muted">
                      {paysPerHit(line.playType) ? (
                        <Trans>Win per hit: {lineWin}</Trans>
                      ) : (
                        <Trans>Win if it hits: {lineWin}</Trans>
                      )}
                    </span>
                  </span>
                  <span className="flex flex-col items-end tabular-nums">
                    <span>
                      <Plural value={points} one="# point" other="# points" />
                    </span>
                    <span>{lineCost}</span>
                  </span>
                  <button
                    type="button"
                    aria-label={t`Remove line ${lineNo}`}
                    className="h-8 w-8 rounded-full hover:bg-line/40"
                    onClick={() => slip.remove(line.key)}
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
            <Trans>Total cost</Trans>
          </span>
          <span className="tabular-nums">{total}</span>
        </p>
        {placed !== null && (
          <p role="status" className="rounded-lg bg-success/10 px-3 py-2 text-sm text-success">
            <Plural value={placed} one="# bet placed. Good luck!" other="# bets placed. Good luck!" />
          </p>
        )}
        {slip.refusal !== null && (
          <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
            {limitText(slip.refusal, money) ??
              breakText(slip.refusal) ??
              failure(slip.refusal instanceof ApiError ? slip.refusal : null)}
          </p>
        )}
        {slip.saleClosed && (
          <p className="text-sm text-muted">
            <Trans>Sales for this draw are closed. The next issue opens after the draw.</Trans>
          </p>
        )}
        {slip.loggedIn ? (
          <button
            type="button"
            className={primaryButton}
            disabled={slip.placeDisabled}
            aria-busy={slip.placing}
            onClick={() => slip.place(game.issue)}
          >
            <Trans>Place bets</Trans>
          </button>
        ) : (
          <>
            <p className="text-sm text-muted">
              <Trans>Log in to place bets.</Trans>
            </p>
            <button type="button" className={primaryButton} onClick={() => slip.place(game.issue)}>
              <Trans>Log in</Trans>
            </button>
          </>
        )}
      </section>
    </Section>
  );
}
