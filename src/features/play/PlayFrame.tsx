import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AmountText } from '../../ui/AmountText.tsx';

/** A game page's own frame (no portal header): the game's name, free-play badge and balance over the table. */
export function PlayFrame({
  name,
  trial,
  balance,
  sign,
  locale,
  children,
}: {
  name: string;
  trial: boolean;
  balance: number;
  sign: string;
  locale: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-surface text-ink">
      <main className="mx-auto flex w-full max-w-xl flex-col gap-4 px-3 py-4">
        <header className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-line bg-raised px-4 py-3">
          <h1 className="flex items-center gap-2 text-lg font-bold">
            {name}
            {trial && (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-black">
                <Trans>Free play</Trans>
              </span>
            )}
          </h1>
          <p className="text-sm">
            <span className="text-muted">
              <Trans>Balance</Trans>
            </span>{' '}
            <strong data-testid="balance" className="text-base">
              <AmountText minor={balance} sign={sign} locale={locale} />
            </strong>
          </p>
        </header>
        {children}
      </main>
    </div>
  );
}

/** A page-wide notice instead of the game (session over, loading failed). */
export function PlayNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-surface p-4 text-ink">
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-4 rounded-2xl border border-line bg-raised p-6 text-center"
      >
        {children}
      </div>
    </div>
  );
}
