import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { InhouseSession, MinesReply, MinesRound } from '../../../contract/inhouse.ts';
import { formatFixed } from '../../i18n/format.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { type MinesMove, moveMines } from './api.ts';
import { BetSelector } from './BetSelector.tsx';
import { PlayFrame } from './PlayFrame.tsx';
import { RoundMessage } from './RoundMessage.tsx';
import type { RoundRequest } from './round.ts';
import { SessionEnded, SessionGate } from './SessionGate.tsx';
import { useRound } from './useRound.ts';

interface Props {
  token: string;
  onBalanceChanged?: () => void;
}

/** `/play/mines`: open tiles of a 5 × 5 field, avoiding the mines the server placed; cash out any time. */
export function MinesGame({ token, onBalanceChanged }: Props) {
  return (
    <SessionGate token={token} game="mines" onLoaded={onBalanceChanged}>
      {(session) => <MinesTable token={token} session={session} onBalanceChanged={onBalanceChanged} />}
    </SessionGate>
  );
}

function MinesTable({ token, session, onBalanceChanged }: Props & { session: InhouseSession }) {
  const { t, i18n } = useLingui();
  const rules = session.mines ?? {
    rtp: 0.97,
    tiles: 25,
    minMines: 1,
    maxMines: 24,
    defaultMines: 3,
    open: null,
  };
  const [bet, setBet] = useState(rules.open?.bet ?? session.defaultBet);
  const [mines, setMines] = useState(rules.open?.mines ?? rules.defaultMines);
  const send = useCallback((move: RoundRequest<MinesMove>) => moveMines(token, move), [token]);
  const { state, retrying, play } = useRound<MinesMove, MinesReply>(send, onBalanceChanged);
  if (state.ended) return <SessionEnded />;

  const sign = session.currencySign;
  const amount = (minor: number) => <AmountText minor={minor} sign={sign} locale={i18n.locale} />;
  const round = state.result?.round ?? rules.open;
  const playing = round?.status === 'playing';
  const busy = state.playing || retrying;
  const cashOut = amount(round ? Math.floor(round.bet * round.multiplier) : 0);
  const won = amount(round?.win ?? 0);
  const resend = () => state.pending && play(state.pending);
  const counts = Array.from({ length: rules.maxMines - rules.minMines + 1 }, (_, i) => rules.minMines + i);

  return (
    <PlayFrame
      name={session.name}
      trial={session.trial}
      balance={state.balance ?? session.balance}
      sign={sign}
      locale={i18n.locale}
      controls={
        playing && round ? (
          <button
            type="button"
            className="h-12 w-full rounded-full border-2 border-accent bg-raised font-bold disabled:opacity-50"
            disabled={busy || round.picks.length === 0}
            onClick={() => play({ kind: 'cashout', roundId: round.roundId })}
          >
            <Trans>Cash out {cashOut}</Trans>
          </button>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <div className="min-w-0 flex-1">
              <BetSelector
                steps={session.betSteps}
                value={bet}
                onChange={setBet}
                sign={sign}
                disabled={busy}
              />
            </div>
            <label className="flex items-center gap-1 text-sm">
              <span className="text-muted">
                <Trans>Mines</Trans>
              </span>
              <select
                className="h-10 rounded-lg border border-line bg-surface px-2 font-semibold"
                value={mines}
                disabled={busy}
                onChange={(e) => setMines(Number(e.target.value))}
              >
                {counts.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="h-12 w-24 shrink-0 rounded-full bg-brand text-lg font-bold text-white shadow disabled:opacity-60 sm:w-32"
              disabled={busy}
              onClick={() => play({ kind: 'start', bet, mines })}
            >
              <Trans>Start</Trans>
            </button>
          </div>
        )
      }
      after={<MinesRules rtp={rules.rtp} />}
    >
      <section
        aria-label={t`Minefield`}
        aria-busy={state.playing}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-raised p-3"
      >
        <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
          {Array.from({ length: rules.tiles }, (_, tile) => (
            <Tile
              // Tiles are fixed positions of the field.
              key={`tile-${tile + 1}`}
              tile={tile}
              round={round}
              disabled={!playing || busy}
              onPick={() => round && play({ kind: 'pick', roundId: round.roundId, tile })}
            />
          ))}
        </div>
        {round && playing && (
          <p className="text-center text-sm text-muted">
            <Trans>
              Multiplier × {formatFixed(round.multiplier, 2, i18n.locale)} · next tile ×{' '}
              {formatFixed(round.nextMultiplier ?? 0, 2, i18n.locale)}
            </Trans>
          </p>
        )}
        <p aria-live="polite" className="min-h-7 text-center text-lg font-bold">
          {state.playing ? (
            <Trans>Opening…</Trans>
          ) : !round ? (
            <Trans>Choose your bet and the number of mines, then start</Trans>
          ) : round.status === 'playing' ? (
            <Trans>Pick a tile, or cash out</Trans>
          ) : round.status === 'cashed' ? (
            <span className="text-brand-ink dark:text-accent-ink">
              <Trans>You win {won}</Trans>
            </span>
          ) : (
            <Trans>A mine: no win this time</Trans>
          )}
        </p>
        {round && <Seal round={round} />}
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

function Tile({
  tile,
  round,
  disabled,
  onPick,
}: {
  tile: number;
  round: MinesRound | null | undefined;
  disabled: boolean;
  onPick: () => void;
}) {
  const { t } = useLingui();
  const n = tile + 1;
  const mine = round?.mineTiles?.includes(tile) ?? false;
  const opened = round?.picks.includes(tile) ?? false;
  const shown = opened || mine;
  const name = !shown ? t`Tile ${n}` : mine ? t`Tile ${n}: mine` : t`Tile ${n}: gem`;
  return (
    <button
      type="button"
      aria-label={name}
      disabled={disabled || opened}
      onClick={onPick}
      className={`flex aspect-square items-center justify-center rounded-xl border p-2 transition-colors ${
        !shown
          ? 'border-line bg-surface enabled:hover:border-accent'
          : mine
            ? opened
              ? 'border-danger bg-danger/20'
              : 'border-line bg-surface opacity-80'
            : 'border-accent bg-accent/20'
      }`}
    >
      {shown && (
        <svg viewBox="0 0 48 48" aria-hidden="true" className="h-full w-full">
          {mine ? (
            <>
              <circle cx="22" cy="28" r="14" fill="#1f2937" />
              <path d="M30 16l6-6" stroke="#92400e" strokeWidth="3" />
              <circle cx="38" cy="8" r="4" fill="#f97316" />
              <circle cx="17" cy="23" r="3" fill="#6b7280" />
            </>
          ) : (
            <>
              <polygon points="24,6 40,18 24,42 8,18" fill="#22c55e" stroke="#166534" strokeWidth="2" />
              <polygon points="16,18 24,6 32,18" fill="#bbf7d0" />
            </>
          )}
        </svg>
      )}
    </button>
  );
}

/** The round's seal, and once it is over the salt that opens it: the player can check the mines never moved. */
function Seal({ round }: { round: MinesRound }) {
  const { seal, salt } = round;
  const tiles = (round.mineTiles ?? []).join(',');
  return (
    <p className="break-all text-center font-mono text-xs text-muted">
      {salt ? (
        <Trans>
          Seal {seal} = sha256 of “{tiles}:{salt}”
        </Trans>
      ) : (
        <Trans>Seal {seal}</Trans>
      )}
    </p>
  );
}

function MinesRules({ rtp }: { rtp: number }) {
  const { i18n } = useLingui();
  const rate = formatFixed(rtp * 100, 0, i18n.locale);
  return (
    <details className="rounded-2xl border border-line bg-raised p-3 text-sm">
      <summary className="cursor-pointer font-semibold">
        <Trans>Rules</Trans>
      </summary>
      <p className="mt-2 text-muted">
        <Trans>
          The server hides the mines when the round starts. Each gem you open raises the multiplier: after k
          gems with m mines it is 25-choose-k ÷ (25 − m)-choose-k, times the return to player. A mine loses
          the bet; cash out after one gem or more. The round cashes out by itself when every gem is open or at
          × 1,000. Return to player: {rate} %.
        </Trans>
      </p>
      <p className="mt-2 text-muted">
        <Trans>
          Provably fair: the seal shown when the round starts is the sha256 of the mines’ tiles (numbered from
          0) and a random salt; both are revealed when the round ends, so you can check the mines never moved.
        </Trans>
      </p>
    </details>
  );
}
