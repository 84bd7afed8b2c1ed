import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { HiloReply, InhouseSession } from '../../../contract/inhouse.ts';
import { formatFixed } from '../../i18n/format.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { type HiloMove, moveHilo } from './api.ts';
import { BetAndPlay } from './BetSelector.tsx';
import { PlayFrame } from './PlayFrame.tsx';
import { PlayingCard } from './PlayingCard.tsx';
import { RoundMessage } from './RoundMessage.tsx';
import type { RoundRequest } from './round.ts';
import { SessionEnded, SessionGate } from './SessionGate.tsx';
import { useRound } from './useRound.ts';

interface Props {
  token: string;
  onBalanceChanged?: () => void;
}

/** `/play/hilo`: a card, then higher or lower card after card; cash out any time after a right guess. */
export function HiloGame({ token, onBalanceChanged }: Props) {
  return (
    <SessionGate token={token} game="hilo" onLoaded={onBalanceChanged}>
      {(session) => <HiloTable token={token} session={session} onBalanceChanged={onBalanceChanged} />}
    </SessionGate>
  );
}

function HiloTable({ token, session, onBalanceChanged }: Props & { session: InhouseSession }) {
  const { t, i18n } = useLingui();
  const [bet, setBet] = useState(session.hilo?.open?.bet ?? session.defaultBet);
  const send = useCallback((move: RoundRequest<HiloMove>) => moveHilo(token, move), [token]);
  const { state, retrying, play } = useRound<HiloMove, HiloReply>(send, onBalanceChanged);
  if (state.ended) return <SessionEnded />;

  const sign = session.currencySign;
  const amount = (minor: number) => <AmountText minor={minor} sign={sign} locale={i18n.locale} />;
  // The round the server says is in play: the last reply's, or the one the session handed back.
  const round = state.result?.round ?? session.hilo?.open ?? null;
  const playing = round?.status === 'playing';
  const busy = state.playing || retrying;
  const current = round?.cards.at(-1);
  const cashValue = round ? Math.floor(round.bet * round.multiplier) : 0;
  const cashOut = amount(cashValue);
  const won = amount(round?.win ?? 0);
  const resend = () => state.pending && play(state.pending);

  return (
    <PlayFrame
      name={session.name}
      trial={session.trial}
      balance={state.balance ?? session.balance}
      sign={sign}
      locale={i18n.locale}
      controls={
        playing && round ? (
          <div className="grid grid-cols-2 gap-2">
            {(['hi', 'lo'] as const).map((g) => {
              const option = round.next?.[g];
              const chance = option ? formatFixed(option.chance * 100, 1, i18n.locale) : '';
              const multiplier = option ? formatFixed(option.multiplier, 2, i18n.locale) : '';
              return (
                <button
                  key={g}
                  type="button"
                  className="flex flex-col items-center rounded-2xl bg-brand px-2 py-2 font-bold text-white shadow disabled:opacity-60"
                  disabled={busy}
                  onClick={() =>
                    play({ kind: 'guess', roundId: round.roundId, step: round.guesses.length, guess: g })
                  }
                >
                  <span>{g === 'hi' ? <Trans>Higher or same</Trans> : <Trans>Lower or same</Trans>}</span>
                  <span className="text-xs font-semibold opacity-90">
                    <Trans>
                      {chance} % · × {multiplier}
                    </Trans>
                  </span>
                </button>
              );
            })}
            <button
              type="button"
              className="col-span-2 h-12 rounded-full border-2 border-accent bg-raised font-bold disabled:opacity-50"
              disabled={busy || round.guesses.length === 0}
              onClick={() => play({ kind: 'cashout', roundId: round.roundId })}
            >
              <Trans>Cash out {cashOut}</Trans>
            </button>
          </div>
        ) : (
          <BetAndPlay
            steps={session.betSteps}
            value={bet}
            onChange={setBet}
            sign={sign}
            betLocked={busy}
            playLocked={busy}
            onPlay={() => play({ kind: 'start', bet })}
          >
            <Trans>Deal</Trans>
          </BetAndPlay>
        )
      }
      after={<HiloRules rtp={session.hilo?.rtp ?? 0.97} maxSteps={session.hilo?.maxSteps ?? 20} />}
    >
      <section
        aria-label={t`Table`}
        aria-busy={state.playing}
        className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-raised p-4"
      >
        {current ? (
          <PlayingCard card={current} />
        ) : (
          <div
            aria-hidden="true"
            className="h-36 w-24 rounded-xl border-2 border-dashed border-line bg-surface"
          />
        )}
        {round && round.cards.length > 1 && (
          <ol aria-label={t`Cards dealt`} className="flex max-w-full gap-1 overflow-x-auto pb-1">
            {round.cards.slice(0, -1).map((card, i) => (
              // Cards repeat (a new deck each draw): their place in the round is their identity.
              <li key={`${i}-${card.rank}-${card.suit}`}>
                <PlayingCard card={card} size="small" />
              </li>
            ))}
          </ol>
        )}
        {round && playing && (
          <p className="text-sm text-muted">
            <Trans>Multiplier × {formatFixed(round.multiplier, 2, i18n.locale)}</Trans>
          </p>
        )}
        <p aria-live="polite" className="min-h-7 text-center text-lg font-bold">
          {state.playing ? (
            <Trans>Dealing…</Trans>
          ) : !round ? (
            <Trans>Choose your bet and deal</Trans>
          ) : round.status === 'playing' ? (
            round.guesses.length === 0 ? (
              <Trans>Will the next card be higher or lower?</Trans>
            ) : (
              <Trans>Right! Guess again or cash out</Trans>
            )
          ) : round.status === 'cashed' ? (
            <span className="text-brand-ink dark:text-accent-ink">
              <Trans>You win {won}</Trans>
            </span>
          ) : (
            <Trans>Wrong guess: no win this time</Trans>
          )}
        </p>
      </section>
      {state.error && (
        <RoundMessage
          error={state.error}
          sign={sign}
          onRetry={resend}
          conflict={<Trans>This round has moved on in another window: please reload the game</Trans>}
        />
      )}
    </PlayFrame>
  );
}

function HiloRules({ rtp, maxSteps }: { rtp: number; maxSteps: number }) {
  const { i18n } = useLingui();
  const rate = formatFixed(rtp * 100, 0, i18n.locale);
  return (
    <details className="rounded-2xl border border-line bg-raised p-3 text-sm">
      <summary className="cursor-pointer font-semibold">
        <Trans>Rules</Trans>
      </summary>
      <p className="mt-2 text-muted">
        <Trans>
          Each card comes from a full shuffled deck. Higher wins on the same rank or above, lower on the same
          or below; from an ace higher means strictly higher, from a king lower strictly lower. Each right
          guess multiplies your win by 13 ÷ the ranks that win it; cash out after one right guess or more. A
          wrong guess loses the bet. The round cashes out by itself after {maxSteps} right guesses or at ×
          1,000. Return to player: {rate} %.
        </Trans>
      </p>
    </details>
  );
}
