import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LineWin, SlotSymbol } from '../../../contract/inhouse.ts';

/** How a reel symbol looks; its name (translated) is what assistive technology reads. */
export const SYMBOL_GLYPH: Record<SlotSymbol, string> = {
  WILD: '★',
  SCATTER: '💎',
  SEVEN: '7',
  BELL: '🔔',
  MELON: '🍉',
  GRAPES: '🍇',
  ORANGE: '🍊',
  LEMON: '🍋',
  CHERRY: '🍒',
};

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
        if (s === 'SCATTER') cells.add(cell(reel, row));
      });
    });
  return cells;
}
