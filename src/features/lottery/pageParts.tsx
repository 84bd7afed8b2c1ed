// What the lottery page's parts share: control styles, the amount format in the member's currency, a titled section.
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { balanceQuery } from '../../api/queries.ts';
import { formatAmount } from '../../i18n/format.ts';

export const inputClass =
  'h-11 w-full min-w-0 rounded-lg border border-line bg-surface px-3 aria-[invalid]:border-danger';
export const primaryButton = 'h-11 rounded-full bg-brand px-6 font-semibold text-white disabled:opacity-60';
export const secondaryButton =
  'h-10 rounded-full border border-line px-4 text-sm font-semibold hover:bg-line/40 disabled:opacity-60';
export const RESULTS_SHOWN = 10;

export function useMoney(loggedIn: boolean) {
  const { i18n } = useLingui();
  const b = useQuery({ ...balanceQuery(), enabled: loggedIn });
  const sign = b.data?.currencySign ?? '$';
  return (minor: number) => formatAmount(minor, sign, i18n.locale);
}

export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
