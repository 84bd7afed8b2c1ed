import { formatAmount } from '../i18n/format.ts';
/** An amount in the merchant's currency (src/i18n/format.ts), its digits aligned in a column. */

export function AmountText({ minor, sign, locale }: { minor: number; sign: string; locale: string }) {
  return <span className="tabular-nums">{formatAmount(minor, sign, locale)}</span>;
}
