import { Trans, useLingui } from '@lingui/react/macro';
import type { SlotSymbol } from '../../../contract/inhouse.ts';
import { formatFixed } from '../../i18n/format.ts';
import { SymbolArt } from './SymbolArt.tsx';
import { SYMBOL_NAME } from './symbols.ts';

/** The paytable as the session gives it: pays by count of a kind (line bets; the scatter in total bets). */
export function Paytable({
  symbols,
  paytable,
  rtp,
}: {
  symbols: SlotSymbol[];
  paytable: Partial<Record<SlotSymbol, number[]>>;
  rtp: number;
}) {
  const { i18n } = useLingui();
  const percent = formatFixed(rtp * 100, 2, i18n.locale);
  return (
    <details className="rounded-2xl border border-line bg-raised p-3 text-sm">
      <summary className="cursor-pointer font-semibold">
        <Trans>Paytable</Trans>
      </summary>
      <p className="mt-2 text-muted">
        <Trans>
          20 fixed lines pay left to right. Line pays multiply the line bet (the bet ÷ 20); the wild stands in
          for every symbol but the scatter; the scatter pays the total bet times its pay anywhere. Return to
          player: {percent} %.
        </Trans>
      </p>
      <table className="mt-2 w-full text-left tabular-nums">
        <thead className="text-muted">
          <tr>
            <th scope="col">
              <Trans>Symbol</Trans>
            </th>
            <th scope="col">×5</th>
            <th scope="col">×4</th>
            <th scope="col">×3</th>
            <th scope="col">×2</th>
          </tr>
        </thead>
        <tbody>
          {symbols.map((s) => {
            const pays = paytable[s] ?? [];
            return (
              <tr key={s} className="border-t border-line">
                <th scope="row" className="py-1 font-normal">
                  <SymbolArt symbol={s} className="mr-2 inline-block h-6 w-6 align-middle" />
                  {i18n._(SYMBOL_NAME[s])}
                </th>
                {[5, 4, 3, 2].map((n) => (
                  <td key={n}>{pays[n] ? pays[n] : '–'}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
