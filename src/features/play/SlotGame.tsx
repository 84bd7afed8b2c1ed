import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { InhouseSession, SlotSpinReply, SlotSymbol } from '../../../contract/inhouse.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { spinSlot } from './api.ts';
import { BetAndPlay } from './BetSelector.tsx';
import { Paytable } from './Paytable.tsx';
import { PlayFrame } from './PlayFrame.tsx';
import { RoundMessage } from './RoundMessage.tsx';
import type { RoundRequest } from './round.ts';
import { SessionEnded, SessionGate } from './SessionGate.tsx';
import { idleReels, SlotReels } from './SlotReels.tsx';
import { SYMBOL_NAME, winningCells } from './symbols.ts';
import { useRound } from './useRound.ts';

interface Props {
  /** The launch token (`t` of the page's URL). */
  token: string;
  /** Called once the session opens and after each settled round (the portal window reads its balance again). */
  onBalanceChanged?: () => void;
}

/** `/play/slot`: the in-house slot. */
export function SlotGame({ token, onBalanceChanged }: Props) {
  return (
    <SessionGate token={token} game="slot" onLoaded={onBalanceChanged}>
      {(session) => <SlotTable token={token} session={session} onBalanceChanged={onBalanceChanged} />}
    </SessionGate>
  );
}

function SlotTable({ token, session, onBalanceChanged }: Props & { session: InhouseSession }) {
  const { t, i18n } = useLingui();
  const [bet, setBet] = useState(session.defaultBet);
  const [onlyLine, setOnlyLine] = useState<number | undefined>();
  const send = useCallback((request: RoundRequest<{ bet: number }>) => spinSlot(token, request), [token]);
  const { state, retrying, play } = useRound<{ bet: number }, SlotSpinReply>(send, onBalanceChanged);
  if (state.ended) return <SessionEnded />;

  const sign = session.currencySign;
  const spin = state.result;
  const paylines = session.slot?.paylines ?? [];
  const symbols = session.slot?.symbols ?? [];
  // A spin left unanswered by the network is retried as it was: its bet shows until it is settled.
  const shownBet = retrying && state.pending ? state.pending.bet : bet;
  const amount = (minor: number) => <AmountText minor={minor} sign={sign} locale={i18n.locale} />;
  const won = amount(spin?.win ?? 0);

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
          value={shownBet}
          onChange={setBet}
          sign={sign}
          betLocked={state.playing || retrying}
          playLocked={state.playing}
          onPlay={() => play({ bet: shownBet })}
        >
          <Trans>Spin</Trans>
        </BetAndPlay>
      }
      after={
        session.slot && (
          <Paytable symbols={session.slot.symbols} paytable={session.slot.paytable} rtp={session.slot.rtp} />
        )
      }
    >
      <SlotReels
        reels={spin?.reels ?? idleReels(symbols)}
        lit={spin ? winningCells(spin, paylines, onlyLine, symbols[1]) : new Set()}
        spinning={state.playing}
      />
      <p aria-live="polite" className="min-h-7 text-center text-lg font-bold">
        {state.playing ? (
          <Trans>Spinning…</Trans>
        ) : !spin ? (
          <Trans>Choose your bet and spin</Trans>
        ) : spin.win > 0 ? (
          <span className="text-brand-ink dark:text-accent-ink">
            <Trans>You win {won}</Trans>
          </span>
        ) : (
          <Trans>No win this time</Trans>
        )}
      </p>
      {spin && !state.playing && (spin.lines.length > 0 || spin.scatter) && (
        <ul aria-label={t`Winning lines`} className="flex flex-wrap justify-center gap-2 text-sm">
          {spin.lines.map((w) => {
            const line = w.line;
            const count = w.count;
            const symbol = i18n._(SYMBOL_NAME[w.symbol]);
            const pays = amount(w.win);
            return (
              <li key={line}>
                <button
                  type="button"
                  className="rounded-full border border-line bg-raised px-3 py-1 hover:border-accent focus-visible:border-accent"
                  onMouseEnter={() => setOnlyLine(line)}
                  onMouseLeave={() => setOnlyLine(undefined)}
                  onFocus={() => setOnlyLine(line)}
                  onBlur={() => setOnlyLine(undefined)}
                >
                  <Trans>
                    Line {line}: {count} × {symbol} {pays}
                  </Trans>
                </button>
              </li>
            );
          })}
          {spin.scatter && (
            <ScatterWin
              scatter={symbols[1] ?? 'SCATTER'}
              count={spin.scatter.count}
              pays={amount(spin.scatter.win)}
            />
          )}
        </ul>
      )}
      {state.error && (
        <RoundMessage error={state.error} sign={sign} onRetry={() => play({ bet: shownBet })} />
      )}
    </PlayFrame>
  );
}

function ScatterWin({ scatter, count, pays }: { scatter: SlotSymbol; count: number; pays: React.ReactNode }) {
  const { i18n } = useLingui();
  const symbol = i18n._(SYMBOL_NAME[scatter]);
  return (
    <li className="rounded-full border border-accent bg-raised px-3 py-1">
      <Trans>
        {count} × {symbol} {pays}
      </Trans>
    </li>
  );
}
