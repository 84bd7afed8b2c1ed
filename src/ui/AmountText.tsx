/** Money at the edge (ARCHITECTURE data rules): minor units → sign, thousands separators, 2 decimals. */
export function formatAmount(minor: number, sign: string, locale: string): string {
  const major = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minor / 100,
  );
  return `${sign}${major}`;
}

export function AmountText({ minor, sign, locale }: { minor: number; sign: string; locale: string }) {
  return <span className="tabular-nums">{formatAmount(minor, sign, locale)}</span>;
}
