import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { BingoPlayReply, InhouseSession } from '../../../contract/inhouse.ts';
import { formatFixed } from '../../i18n/format.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { playBingo } from './api.ts';
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

const LETTERS = ['B', 'I', 'N', 'G', 'O'];
const ROWS = [0, 1, 2];

/** `/play/bingo`: a card of 15 numbers, 30 balls at once; complete rows and columns pay. */
export function BingoGame({ token, onBalanceChanged }: Props) {
  return (
    <SessionGate token={token} game="bingo" onLoaded={onBalanceChanged}>
      {(session) => <BingoTable token={token} session={session} onBalanceChanged={onBalanceChanged} />}
    </SessionGate>
  );
}

function BingoTable({ token, session, onBalanceChanged }: Props & { session: InhouseSession }) {
  const { t, i18n } = useLingui();
  const [bet, setBet] = useState(session.defaultBet);
  const send = useCallback((request: RoundRequest<{ bet: number }>) => playBingo(token, request), [token]);
  const { state, retrying, play } = useRound<{ bet: number }, BingoPlayReply>(send, onBalanceChanged);
  if (state.ended) return <SessionEnded />;

  const sign = session.currencySign;
  const shownBet = retrying && state.pending ? state.pending.bet : bet;
  const r = state.result;
  const drawn = new Set(r?.balls ?? []);
  const lines = r ? r.rows.length + r.columns.length : 0;
  const won = <AmountText minor={r?.win ?? 0} sign={sign} locale={i18n.locale} />;
  const inLine = (i: number) => !!r && (r.rows.includes(Math.floor(i / 5)) || r.columns.includes(i % 5));

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
          <Trans>Draw</Trans>
        </BetAndPlay>
      }
      after={session.bingo && <BingoPaytable paytable={session.bingo.paytable} rtp={session.bingo.rtp} />}
    >
      <section
        aria-busy={state.playing}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-raised p-3"
      >
        <table className="w-full table-fixed border-separate border-spacing-1 text-center tabular-nums">
          <caption className="sr-only">
            <Trans>Your card</Trans>
          </caption>
          <thead>
            <tr>
              {LETTERS.map((l) => (
                <th key={l} scope="col" className="rounded-lg bg-brand py-1 text-lg font-black text-white">
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={`row-${row + 1}`}>
                {LETTERS.map((l, col) => {
                  const i = row * 5 + col;
                  const n = r?.card[i];
                  const hit = n !== undefined && drawn.has(n);
                  return (
                    <td
                      key={l}
                      data-hit={hit || undefined}
                      className={`h-12 rounded-lg border text-lg font-bold ${
                        inLine(i)
                          ? 'border-accent bg-accent/30'
                          : hit
                            ? 'border-brand bg-brand/15'
                            : 'border-line bg-surface'
                      }`}
                    >
                      {n ?? '·'}
                      {hit && (
                        <span className="sr-only">
                          {' '}
                          <Trans>drawn</Trans>
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {r && (
          <ol aria-label={t`Balls drawn`} className="flex flex-wrap justify-center gap-1">
            {r.balls.map((b) => (
              <li
                key={b}
                className={`flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold tabular-nums ${
                  r.card.includes(b) ? 'bg-brand text-white' : 'bg-surface text-muted'
                }`}
              >
                {b}
              </li>
            ))}
          </ol>
        )}
        <p aria-live="polite" className="min-h-7 text-center text-lg font-bold">
          {state.playing ? (
            <Trans>Drawing…</Trans>
          ) : !r ? (
            <Trans>Choose your bet and draw</Trans>
          ) : r.win > 0 ? (
            <span className="text-brand-ink dark:text-accent-ink">
              {lines === 8 ? (
                <Trans>Full card: you win {won}</Trans>
              ) : (
                <Trans>
                  <Plural value={lines} one="# line" other="# lines" />: you win {won}
                </Trans>
              )}
            </span>
          ) : (
            <Trans>No line this time</Trans>
          )}
        </p>
      </section>
      {state.error && (
        <RoundMessage error={state.error} sign={sign} onRetry={() => play({ bet: shownBet })} />
      )}
    </PlayFrame>
  );
}

function BingoPaytable({ paytable, rtp }: { paytable: number[]; rtp: number }) {
  const { i18n } = useLingui();
  const rate = formatFixed(rtp * 100, 2, i18n.locale);
  return (
    <details className="rounded-2xl border border-line bg-raised p-3 text-sm">
      <summary className="cursor-pointer font-semibold">
        <Trans>Paytable</Trans>
      </summary>
      <p className="mt-2 text-muted">
        <Trans>
          30 of 75 balls are drawn at once. A row is complete when its 5 numbers are drawn, a column when its
          3 are; the win is the bet times the pay for the number of complete lines. Return to player: {rate}{' '}
          %.
        </Trans>
      </p>
      <table className="mt-2 w-full text-left tabular-nums">
        <thead className="text-muted">
          <tr>
            <th scope="col">
              <Trans>Lines</Trans>
            </th>
            <th scope="col">
              <Trans>Pays</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {paytable.map((pay, lines) =>
            pay > 0 ? (
              <tr key={`lines-${lines}`} className="border-t border-line">
                <th scope="row" className="py-1 font-normal">
                  {lines === 8 ? <Trans>Full card</Trans> : lines}
                </th>
                <td>× {pay}</td>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </details>
  );
}
