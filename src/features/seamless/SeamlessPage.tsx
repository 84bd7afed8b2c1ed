import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { selectIsLoggedIn } from '../../../machines/session.connect.ts';
import { balanceQuery, whitelabelQuery } from '../../api/queries.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/**
 * The seamless screen (spec §2 /seamless): how this merchant's games reach the player's money. With the single
 * wallet (the merchant's SINGLE_WALLET switch) every game bets from and pays into the main balance through the
 * seamless wallet (server/modules/seamless: balance, bet, win, rollback, round by round); otherwise each provider
 * keeps a wallet of its own, filled by transfers. A member sees the balance the games play with.
 */
export function SeamlessPage() {
  const { t, i18n } = useLingui();
  const info = useQuery(whitelabelQuery());
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const balance = useQuery({ ...balanceQuery(), enabled: loggedIn });
  const modals = useAuthModals();
  if (!info.data) return <Skeleton className="h-96 w-full" />;
  const single = info.data.features.SINGLE_WALLET;
  const steps = single
    ? [
        t`Start any game: your main balance is already there, nothing to transfer.`,
        t`Each bet is taken from your balance when you place it, and each win is paid into it at once.`,
        t`A round the game provider cancels is refunded to your balance.`,
      ]
    : [
        t`Each game provider keeps a wallet of its own.`,
        t`Move money from your main wallet to a provider’s wallet before you play, or back when you are done.`,
        t`Bring everything back to the main wallet in one tap from My Wallet.`,
      ];

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Seamless wallet</Trans>
      </h1>
      <section aria-labelledby="seamless-status" className="rounded-2xl bg-brand p-6 text-white">
        <h2 id="seamless-status" className="text-lg font-semibold">
          {single ? <Trans>One wallet for every game</Trans> : <Trans>A wallet per game provider</Trans>}
        </h2>
        {loggedIn ? (
          <p className="mt-2">
            <Trans>Your balance</Trans>:{' '}
            {balance.data ? (
              <strong className="text-2xl">
                <AmountText
                  minor={balance.data.sumBalance}
                  sign={balance.data.currencySign}
                  locale={i18n.locale}
                />
              </strong>
            ) : (
              <Skeleton className="inline-block h-6 w-24 align-middle" />
            )}
          </p>
        ) : (
          <button
            type="button"
            className="mt-3 rounded-full bg-white px-5 py-2 font-semibold text-brand"
            onClick={() => modals.open({ name: 'login' })}
          >
            <Trans>Log in to see your balance</Trans>
          </button>
        )}
      </section>
      <section aria-labelledby="seamless-how">
        <h2 id="seamless-how" className="mb-2 text-lg font-semibold">
          <Trans>How it works</Trans>
        </h2>
        <ol className="list-decimal space-y-1 pl-6">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <nav aria-label={t`Games`} className="flex flex-wrap gap-3">
        {!single && loggedIn && (
          <Link
            to="/member"
            search={{ page: 'transferFund' }}
            className="rounded-full border border-line px-4 py-2"
          >
            <Trans>My Wallet</Trans>
          </Link>
        )}
        <Link to="/rng" className="rounded-full border border-line px-4 py-2">
          <Trans>Slots</Trans>
        </Link>
        <Link to="/live" className="rounded-full border border-line px-4 py-2">
          <Trans>Live casino</Trans>
        </Link>
        <Link to="/lotteryCenter" className="rounded-full border border-line px-4 py-2">
          <Trans>Lottery</Trans>
        </Link>
      </nav>
    </div>
  );
}
