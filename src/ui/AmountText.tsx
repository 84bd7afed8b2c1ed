import { formats } from '@lingui/core';

const MONEY = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/**
 * Money at the edge (ARCHITECTURE data rules): minor units → sign, thousands separators, 2 decimals. Lingui keeps one
 * Intl formatter per locale and options: building one costs more than a whole row of tiles on a phone.
 */
export function formatAmount(minor: number, sign: string, locale: string): string {
  return `${sign}${formats.number(locale, minor / 100, MONEY)}`;
}

export function AmountText({ minor, sign, locale }: { minor: number; sign: string; locale: string }) {
  return <span className="tabular-nums">{formatAmount(minor, sign, locale)}</span>;
}
