import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { balanceQuery, whitelabelQuery } from '../../api/queries.ts';
import { formatSignedAmount } from '../../i18n/format.ts';

/**
 * The member's currency sign ('$' until known, spec §3) and a formatter of minor units with it. A page a visitor
 * sees passes `member: false` while there is no session: it asks no balance (a 401) and formats with the merchant's
 * currency.
 */
export function useMoney({ member = true }: { member?: boolean } = {}) {
  const { i18n } = useLingui();
  const balance = useQuery({ ...balanceQuery(), enabled: member });
  const merchant = useQuery({ ...whitelabelQuery(), enabled: !member });
  const sign = (member ? balance.data?.currencySign : merchant.data?.brand.currencySign) ?? '$';
  const format = (minor: number) => formatSignedAmount(minor, sign, i18n.locale);
  return { sign, locale: i18n.locale, format };
}
