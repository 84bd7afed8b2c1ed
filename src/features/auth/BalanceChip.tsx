import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { balanceQuery } from '../../api/queries.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { Icon } from '../../ui/Icon.tsx';

const HIDE_KEY = 'hideBalance';

/** Logged-in header balance (spec §2): hideable (remembered) and refreshable. */
export function BalanceChip() {
  const { t, i18n } = useLingui();
  const balance = useQuery(balanceQuery());
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDE_KEY) === '1');
  const toggle = () => {
    localStorage.setItem(HIDE_KEY, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  return (
    <div className="flex min-w-0 items-center gap-1 rounded-full border border-line px-3 py-1 text-sm tabular-nums max-sm:px-2">
      <span className="sr-only">
        <Trans>Balance</Trans>
      </span>
      <span aria-live="polite">
        {hidden ? (
          '••••'
        ) : balance.data ? (
          <AmountText minor={balance.data.sumBalance} sign={balance.data.currencySign} locale={i18n.locale} />
        ) : (
          '…'
        )}
      </span>
      <button
        type="button"
        aria-label={hidden ? t`Show balance` : t`Hide balance`}
        aria-pressed={hidden}
        onClick={toggle}
      >
        <Icon name={hidden ? 'eyeOff' : 'eye'} className="h-4 w-4" />
      </button>
      <button
        type="button"
        aria-label={t`Refresh balance`}
        disabled={balance.isFetching}
        onClick={() => void balance.refetch()}
        // A phone's one-row header has no room for it: the balance is read again after each round there.
        className="disabled:animate-spin max-sm:hidden"
      >
        <Icon name="refresh" className="h-4 w-4" />
      </button>
    </div>
  );
}
