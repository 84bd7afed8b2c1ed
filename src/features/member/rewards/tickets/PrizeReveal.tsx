import { Trans } from '@lingui/react/macro';
import { Done } from '../../../../ui/records/form.tsx';
import { useMoney } from '../../../../ui/records/useMoney.ts';

/** The prize a ticket paid, announced; it is already in the main wallet. */
export function PrizeReveal({ amount }: { amount: number }) {
  const money = useMoney();
  const prize = money.format(amount);
  return (
    <Done>
      <Trans>
        You won <strong className="text-lg">{prize}</strong>. It is in your main wallet.
      </Trans>
    </Done>
  );
}
