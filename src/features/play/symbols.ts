import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LineWin, SlotSymbol } from '../../../contract/inhouse.ts';

export const SYMBOL_NAME: Record<SlotSymbol, MessageDescriptor> = {
  WILD: msg`Wild`,
  SCATTER: msg`Scatter`,
  SEVEN: msg`Seven`,
  BELL: msg`Bell`,
  MELON: msg`Melon`,
  GRAPES: msg`Grapes`,
  ORANGE: msg`Orange`,
  LEMON: msg`Lemon`,
  CHERRY: msg`Cherry`,
  WOLF: msg`Wolf`,
  MOON: msg`Moon`,
  EAGLE: msg`Eagle`,
  BEAR: msg`Bear`,
  STAG: msg`Stag`,
  ACE: msg`Ace`,
  KING: msg`King`,
  QUEEN: msg`Queen`,
  JACK: msg`Jack`,
};

/** Cells as "reel:row". */
export const cell = (reel: number, row: number) => `${reel}:${row}`;

/**
 * The cells a spin's wins cover: each line win's first `count` reels along its payline, and every scatter when the
 * scatter paid. With `only`, the cells of that one line.
 */
export function winningCells(
  spin: { reels: SlotSymbol[][]; lines: LineWin[]; scatter: { count: number } | null },
  paylines: number[][],
  only?: number,
  /** The title's scatter (its symbols' second). */
  scatter: SlotSymbol = 'SCATTER',
): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lines) {
    if (only !== undefined && win.line !== only) continue;
    const rows = paylines[win.line - 1] ?? [];
    for (let reel = 0; reel < win.count; reel++) cells.add(cell(reel, rows[reel] ?? 0));
  }
  if (spin.scatter && only === undefined)
    spin.reels.forEach((column, reel) => {
      column.forEach((s, row) => {
        if (s === scatter) cells.add(cell(reel, row));
      });
    });
  return cells;
}
