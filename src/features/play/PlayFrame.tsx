import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AmountText } from '../../ui/AmountText.tsx';

/**
 * A game page's own frame (no portal header): the game's name, free-play badge and balance over the table, then the
 * table, then the bet controls. On a phone the controls stay at the bottom of the screen (sticky) while the table
 * is above them, so the game and its Spin or Roll are in view together; what follows (a paytable) scrolls below.
 */
export function PlayFrame({
  name,
  trial,
  balance,
  sign,
  locale,
  controls,
  after,
  children,
}: {
  name: string;
  trial: boolean;
  balance: number;
  sign: string;
  locale: string;
  /** The bet controls and the play button. */
  controls?: ReactNode;
  /** Below the controls (the paytable). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-surface text-ink">
      <main className="mx-auto flex w-full max-w-xl flex-col gap-3 px-3 pt-3 sm:gap-4 sm:py-4">
        <header className="flex flex-wrap items-center justify-between gap-x-2 rounded-2xl border border-line bg-raised px-3 py-2 sm:px-4 sm:py-3">
          <h1 className="flex items-center gap-2 text-base font-bold sm:text-lg">
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
        {controls && (
          <div className="sticky bottom-0 z-10 -mx-3 border-t border-line bg-surface/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
            {controls}
          </div>
        )}
        {after && <div className="pb-4">{after}</div>}
      </main>
    </div>
  );
}

/** A page-wide notice instead of the game (session over, loading failed). */
export function PlayNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-surface p-4 text-ink">
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-4 rounded-2xl border border-line bg-raised p-6 text-center"
      >
        {children}
      </div>
    </div>
  );
}
