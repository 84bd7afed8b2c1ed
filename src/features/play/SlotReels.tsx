import { useLingui } from '@lingui/react/macro';
import type { SlotSymbol } from '../../../contract/inhouse.ts';
import { SymbolArt } from './SymbolArt.tsx';
import { cell, SYMBOL_NAME } from './symbols.ts';

const REELS = ['reel-1', 'reel-2', 'reel-3', 'reel-4', 'reel-5'];
const ROWS = ['top', 'middle', 'bottom'];

/** What the reels show before the first spin: the title's best-paying symbols. */
export const idleReels = (symbols: readonly SlotSymbol[]): SlotSymbol[][] =>
  REELS.map((_, reel) => [2, 3, 4].map((i) => symbols[(i + reel) % symbols.length] ?? 'CHERRY'));

/** The 5 × 3 window; winning cells are lit, and each cell says its symbol (and that it wins) to screen readers. */
export function SlotReels({
  reels,
  lit,
  spinning,
}: {
  reels: SlotSymbol[][];
  lit: Set<string>;
  spinning: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <section
      aria-label={t`Reels`}
      aria-busy={spinning}
      className="grid grid-cols-5 gap-1.5 rounded-2xl border border-line bg-raised p-2 sm:gap-2 sm:p-3"
    >
      {REELS.map((reelId, reel) => (
        <div key={reelId} className="flex flex-col gap-1.5 sm:gap-2">
          {ROWS.map((rowId, row) => {
            const symbol = reels[reel]?.[row] ?? 'CHERRY';
            const wins = lit.has(cell(reel, row));
            const name = i18n._(SYMBOL_NAME[symbol]);
            return (
              <div
                key={rowId}
                role="img"
                aria-label={wins ? t`${name}, winning` : name}
                data-win={wins || undefined}
                className={`flex aspect-square items-center justify-center rounded-xl p-1.5 transition-colors sm:p-2 ${
                  wins ? 'bg-accent/25 ring-2 ring-accent' : 'bg-surface'
                } ${spinning ? 'animate-pulse' : ''}`}
              >
                <SymbolArt symbol={symbol} />
              </div>
            );
          })}
        </div>
      ))}
    </section>
  );
}
