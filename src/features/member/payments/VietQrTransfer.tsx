import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { DepositTransfer } from '../../../../contract/payments.ts';
import { CopyButton } from '../../../ui/CopyButton.tsx';
import { QrCode } from '../../../ui/QrCode.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';

const copyButton =
  'shrink-0 rounded border border-line px-2 py-0.5 text-xs font-medium hover:bg-surface focus-visible:outline focus-visible:outline-2';

/**
 * A deposit by bank transfer with its VietQR code: scanned in a banking app it fills in the bank, account, amount
 * and the reference; the same written out, each with a copy button, for those who type them.
 */
export function VietQrTransfer({ orderId, transfer }: { orderId: number; transfer: DepositTransfer }) {
  const { t } = useLingui();
  const money = useMoney();
  const rows: { label: string; value: string; shown?: ReactNode; copy: string }[] = [
    { label: t`Bank`, value: transfer.bankName, copy: t`Copy bank` },
    { label: t`Account name`, value: transfer.accountName, copy: t`Copy account name` },
    { label: t`Account number`, value: transfer.accountNo, copy: t`Copy account number` },
    {
      label: t`Amount`,
      value: String(transfer.amount / 100),
      shown: money.format(transfer.amount),
      copy: t`Copy amount`,
    },
    { label: t`Transfer content`, value: transfer.reference, copy: t`Copy transfer content` },
  ];
  return (
    <section
      aria-label={t`Deposit #${orderId}: bank transfer`}
      className="flex flex-col items-center gap-3 rounded-lg border border-line bg-surface p-4 text-sm"
    >
      <div className="shrink-0 rounded bg-white p-1">
        {transfer.qr && (
          <QrCode value={transfer.qr} label={t`VietQR code of deposit #${orderId}`} size={192} margin={8} />
        )}
      </div>
      <div className="flex w-full min-w-0 flex-col gap-2">
        <p className="font-medium">
          <Trans>
            Scan the code in your banking app, or transfer by hand with exactly this content. Deposit #
            {orderId} is credited once the transfer is checked.
          </Trans>
        </p>
        <dl className="flex flex-col divide-y divide-line">
          {rows.map((r) => (
            <div key={r.label} className="flex items-center gap-3 py-1.5">
              <div className="min-w-0 flex-1">
                <dt className="text-xs text-muted">{r.label}</dt>
                <dd className="break-words font-semibold tabular-nums">{r.shown ?? r.value}</dd>
              </div>
              <dd>
                <CopyButton value={r.value} label={r.copy} className={copyButton} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
