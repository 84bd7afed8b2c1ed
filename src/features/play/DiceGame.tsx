import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import {
  DICE_ROLLS,
  type DiceDirection,
  type DiceRollReply,
  diceMultiplier,
  diceWinningRolls,
  type InhouseSession,
} from '../../../contract/inhouse.ts';
import { formatFixed } from '../../i18n/format.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { rollDice } from './api.ts';
import { BetAndPlay } from './BetSelector.tsx';
import { PlayFrame } from './PlayFrame.tsx';
import { RoundMessage } from './RoundMessage.tsx';
import type { RoundRequest } from './round.ts';
import { SessionEnded, SessionGate } from './SessionGate.tsx';
import { useRound } from './useRound.ts';

interface Props {
  token: string;
  onBalanceChanged?: () => void;
}

type DiceChoice = { bet: number; target: number; direction: DiceDirection };

/**
 * Rolls and targets are hundredths: 4217 shows as 42.17. Like lottery numbers they are the game's own numbers, in
 * Latin digits in every language (src/i18n/format.ts); the chance and multiplier follow the locale.
 */
const hundredths = (n: number) => (n / 100).toFixed(2).padStart(5, '0');
const clamp = (n: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, n));

/** `/play/dice`: roll 00.00–99.99 under or over a target. */
export function DiceGame({ token, onBalanceChanged }: Props) {
  return (
    <SessionGate token={token} game="dice" onLoaded={onBalanceChanged}>
      {(session) => <DiceTable token={token} session={session} onBalanceChanged={onBalanceChanged} />}
    </SessionGate>
  );
}

function DiceTable({ token, session, onBalanceChanged }: Props & { session: InhouseSession }) {
  const { t, i18n } = useLingui();
  const ranges = session.dice ?? { under: { min: 196, max: 9600 }, over: { min: 400, max: 9804 } };
  const [choice, setChoice] = useState<DiceChoice>({
    bet: session.defaultBet,
    target: 5000,
    direction: 'under',
  });
  const send = useCallback((request: RoundRequest<DiceChoice>) => rollDice(token, request), [token]);
  const { state, retrying, play } = useRound<DiceChoice, DiceRollReply>(send, onBalanceChanged);
  if (state.ended) return <SessionEnded />;

  const sign = session.currencySign;
  // A roll left unanswered by the network is retried as it was: its choices show until it is settled.
  const shown = retrying && state.pending ? state.pending : choice;
  const locked = state.playing || retrying;
  const range = ranges[shown.direction];
  const chance = formatFixed(
    (diceWinningRolls(shown.target, shown.direction) / DICE_ROLLS) * 100,
    2,
    i18n.locale,
  );
  const multiplier = formatFixed(diceMultiplier(shown.target, shown.direction), 4, i18n.locale);
  const target = hundredths(shown.target);
  const result = state.result;
  const amount = (minor: number) => <AmountText minor={minor} sign={sign} locale={i18n.locale} />;
  const won = amount(result?.win ?? 0);
  const rolled = result ? hundredths(result.roll) : '';
  const setDirection = (direction: DiceDirection) =>
    setChoice((c) => ({ ...c, direction, target: clamp(c.target, ranges[direction]) }));

  return (
    <PlayFrame
      name={session.name}
      trial={session.trial}
      balance={state.balance ?? session.balance}
      sign={sign}
      locale={i18n.locale}
      controls={
        <BetAndPlay
          steps={session.betSteps}
          value={shown.bet}
          onChange={(bet) => setChoice((c) => ({ ...c, bet }))}
          sign={sign}
          betLocked={locked}
          playLocked={state.playing}
          onPlay={() => play(shown)}
        >
          <Trans>Roll</Trans>
        </BetAndPlay>
      }
    >
      <section
        aria-label={t`Result`}
        aria-busy={state.playing}
        className="flex flex-col items-center gap-1 rounded-2xl border border-line bg-raised p-6"
      >
        <p
          data-testid="roll"
          className={`text-6xl font-black tabular-nums ${state.playing ? 'animate-pulse text-muted' : result && result.win > 0 ? 'text-brand-ink dark:text-accent-ink' : ''}`}
        >
          {result ? rolled : '--.--'}
        </p>
        <p aria-live="polite" className="min-h-7 text-center text-lg font-bold">
          {state.playing ? (
            <Trans>Rolling…</Trans>
          ) : !result ? (
            <Trans>Pick a target and roll</Trans>
          ) : result.win > 0 ? (
            <Trans>
              Rolled {rolled}: you win {won}
            </Trans>
          ) : (
            <Trans>Rolled {rolled}: no win this time</Trans>
          )}
        </p>
      </section>

      <fieldset
        className="flex flex-col gap-3 rounded-2xl border border-line bg-raised p-4"
        disabled={locked}
      >
        <legend className="sr-only">
          <Trans>Your roll</Trans>
        </legend>
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="sr-only">
            <Trans>Direction</Trans>
          </legend>
          {(['under', 'over'] as const).map((d) => (
            <label
              key={d}
              className={`flex cursor-pointer items-center justify-center gap-2 rounded-full border px-3 py-2 font-semibold ${
                shown.direction === d ? 'border-brand bg-brand text-white' : 'border-line'
              }`}
            >
              <input
                type="radio"
                name="direction"
                className="sr-only"
                checked={shown.direction === d}
                onChange={() => setDirection(d)}
              />
              {d === 'under' ? <Trans>Roll under</Trans> : <Trans>Roll over</Trans>}
            </label>
          ))}
        </fieldset>
        <label htmlFor="target" className="flex items-baseline justify-between text-sm">
          <span className="text-muted">
            <Trans>Target</Trans>
          </span>
          <strong className="text-2xl tabular-nums">{target}</strong>
        </label>
        <input
          id="target"
          type="range"
          min={range.min}
          max={range.max}
          step={1}
          value={shown.target}
          aria-valuetext={target}
          onChange={(e) => setChoice((c) => ({ ...c, target: Number(e.target.value) }))}
          className="w-full accent-[var(--brand-primary)]"
        />
        <dl className="grid grid-cols-2 gap-2 text-center text-sm">
          <div className="rounded-xl bg-surface p-2">
            <dt className="text-muted">
              <Trans>Win chance</Trans>
            </dt>
            <dd className="font-bold tabular-nums">{chance} %</dd>
          </div>
          <div className="rounded-xl bg-surface p-2">
            <dt className="text-muted">
              <Trans>Payout</Trans>
            </dt>
            <dd className="font-bold tabular-nums">× {multiplier}</dd>
          </div>
        </dl>
      </fieldset>

      {state.error && <RoundMessage error={state.error} sign={sign} onRetry={() => play(shown)} />}
    </PlayFrame>
  );
}
