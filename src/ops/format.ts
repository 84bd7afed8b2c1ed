import { useLingui } from '@lingui/react/macro';
import { formatDateTime, formatSignedAmount } from '../i18n/format.ts';
import { useOps } from './session.ts';

/** Minor units in the picked merchant's currency sign (the portal's formatting), and times in the operator's locale. */
export function useOpsFormat() {
  const { i18n } = useLingui();
  const { merchant } = useOps();
  const sign = merchant.brand.currencySign;
  const money = (minor: number) => formatSignedAmount(minor, sign, i18n.locale);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.locale) : '—');
  return { sign, money, when };
}

/** A `datetime-local` value as the ISO time the server takes (empty: none). */
export function isoFromLocal(local: string): string | undefined {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}

/** An ISO time as a `datetime-local` value in the browser's zone. */
export function localFromIso(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
