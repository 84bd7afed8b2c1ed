import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { balanceQuery } from '../../api/queries.ts';
import { formatAmount } from '../AmountText.tsx';

/** The member's currency sign ('$' until known, spec §3) and a formatter of minor units with it. */
export function useMoney() {
  const { i18n } = useLingui();
  const balance = useQuery(balanceQuery());
  const sign = balance.data?.currencySign ?? '$';
  /** A loss reads "-$5.00", not "$-5.00". */
  const format = (minor: number) =>
    minor < 0 ? `-${formatAmount(-minor, sign, i18n.locale)}` : formatAmount(minor, sign, i18n.locale);
  return { sign, locale: i18n.locale, format };
}
