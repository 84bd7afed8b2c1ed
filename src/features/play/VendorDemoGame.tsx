import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LAUNCH_TOKEN_HEADER } from '../../../contract/call.ts';
import { vendorDemoSession, vendorDemoTransfer } from '../../../contract/vendorDemo.ts';
import { ApiError, call } from '../../api/client.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { PlayFrame, PlayNotice } from './PlayFrame.tsx';
import { SessionEnded } from './SessionGate.tsx';

const withToken = (token: string) => ({ headers: { [LAUNCH_TOKEN_HEADER]: token } });

/** Whole currency units typed by the player → minor units; anything else is not an amount. */
const toMinor = (text: string) =>
  /^\d{1,9}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : null;

/**
 * The demo vendor's game page: the stand-in for a third-party vendor's game server. It shows the launched game and
 * moves money between the main wallet and this vendor's wallet, as a transfer-wallet vendor would.
 */
export function VendorDemoGame({ token, onTransferred }: { token: string; onTransferred: () => void }) {
  const imageUrl = useImageUrl();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const key = ['play', 'vendor-demo', token];
  const session = useQuery({
    queryKey: key,
    queryFn: async () => (await call(vendorDemoSession, { query: {} }, withToken(token))).value,
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [amount, setAmount] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const transfer = useMutation({
    mutationFn: async (direction: 'in' | 'out') =>
      (
        await call(
          vendorDemoTransfer,
          { body: { requestId, direction, amount: toMinor(amount) ?? 0 } },
          withToken(token),
        )
      ).value,
    onSuccess: ({ wallets }) => {
      queryClient.setQueryData(key, (s: typeof session.data) => (s ? { ...s, wallets } : s));
      // A new transfer is a new request; a failed one keeps its id, so trying again cannot move money twice.
      setRequestId(crypto.randomUUID());
      onTransferred();
    },
  });

  const code = session.error instanceof ApiError ? session.error.code : null;
  if (token === '' || code === 'UNAUTHORIZED') return <SessionEnded />;
  if (session.isPending) return <Skeleton className="m-4 h-64" />;
  if (session.isError)
    return (
      <PlayNotice>
        <p className="font-semibold">
          {code === 'FORBIDDEN' ? (
            <Trans>This game session is for another game, please launch the game again</Trans>
          ) : (
            <Trans>Network abnormal, please try again</Trans>
          )}
        </p>
      </PlayNotice>
    );

  const s = session.data;
  const valid = toMinor(amount) !== null && (toMinor(amount) ?? 0) > 0;
  const failure = transfer.error instanceof ApiError ? transfer.error : null;
  const money = (minor: number) => (
    <AmountText minor={minor} sign={s.wallets.currencySign} locale={i18n.locale} />
  );
  return (
    <PlayFrame
      name={s.gameName}
      trial={s.trial}
      balance={s.wallets.main}
      sign={s.wallets.currencySign}
      locale={i18n.locale}
    >
      <section className="flex flex-col gap-4 rounded-2xl border border-line bg-raised p-4">
        <img src={imageUrl(s.iconUrl)} alt="" className="mx-auto aspect-square w-40 rounded-xl" />
        <p className="text-center text-sm text-muted">
          <Trans>
            {s.vendorName} is simulated by the demo vendor: its game server is not connected, and money moves
            between your main wallet and the {s.vendorName} wallet as it would with the real vendor.
          </Trans>
        </p>
        <dl className="grid grid-cols-2 gap-2 text-center">
          <div className="rounded-xl bg-surface p-3">
            <dt className="text-xs text-muted">
              <Trans>Main wallet</Trans>
            </dt>
            <dd className="font-semibold">{money(s.wallets.main)}</dd>
          </div>
          <div className="rounded-xl bg-surface p-3">
            <dt className="text-xs text-muted">
              <Trans>{s.vendorName} wallet</Trans>
            </dt>
            <dd data-testid="vendor-balance" className="font-semibold">
              {money(s.wallets.vendor)}
            </dd>
          </div>
        </dl>
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) transfer.mutate('in');
          }}
        >
          <label htmlFor="vendor-demo-amount" className="text-sm font-medium">
            <Trans>Amount</Trans>
          </label>
          <input
            id="vendor-demo-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={amount !== '' && !valid}
            aria-describedby="vendor-demo-amount-error"
            className="h-11 rounded-xl border border-line bg-surface px-3"
          />
          <p id="vendor-demo-amount-error" className="min-h-5 text-sm text-danger">
            {amount !== '' && !valid && t`Enter an amount with at most 2 decimals`}
          </p>
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={!valid || transfer.isPending}
              className="h-11 flex-1 rounded-full bg-brand font-semibold text-white disabled:opacity-50"
            >
              <Trans>Transfer in</Trans>
            </button>
            <button
              type="button"
              disabled={!valid || transfer.isPending}
              onClick={() => transfer.mutate('out')}
              className="h-11 flex-1 rounded-full border border-line font-semibold disabled:opacity-50"
            >
              <Trans>Transfer out</Trans>
            </button>
          </div>
          {transfer.isError && (
            <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
              {failure?.code === 'INSUFFICIENT_FUNDS' ? (
                <Trans>Insufficient balance</Trans>
              ) : failure?.code === 'UNAUTHORIZED' ? (
                <Trans>The game session has ended, please launch the game again</Trans>
              ) : (
                <Trans>Network abnormal, please try again</Trans>
              )}
            </p>
          )}
        </form>
      </section>
    </PlayFrame>
  );
}
