import { Trans, useLingui } from '@lingui/react/macro';
import { AmountText } from '../../ui/AmountText.tsx';
import type { RoundError } from './round.ts';

/** Why the last round did not play, in the player's words; a network failure offers to send it again. */
export function RoundMessage({
  error,
  sign,
  onRetry,
  conflict,
}: {
  error: RoundError;
  sign: string;
  onRetry: () => void;
  /** What a refusal for a round that moved on means in this game (default: the round was cancelled). */
  conflict?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  let text: React.ReactNode;
  switch (error.code) {
    case 'INSUFFICIENT_FUNDS':
      text =
        error.balance === undefined ? (
          <Trans>Insufficient balance</Trans>
        ) : (
          <Trans>
            Insufficient balance: you have{' '}
            <AmountText minor={error.balance} sign={sign} locale={i18n.locale} />
          </Trans>
        );
      break;
    case 'NETWORK':
      text = <Trans>Network abnormal, please try again. Your bet is kept.</Trans>;
      break;
    case 'VALIDATION':
      text = <Trans>This bet is not allowed, please choose another amount</Trans>;
      break;
    case 'CONFLICT':
      text = conflict ?? <Trans>This round was cancelled and your bet returned, please play again</Trans>;
      break;
    case 'FORBIDDEN':
      text = <Trans>This game session is for another game, please launch the game again</Trans>;
      break;
    case 'RATE_LIMITED':
      text = <Trans>Too many requests, please wait a moment</Trans>;
      break;
    case 'SELF_EXCLUDED': {
      // Worded as everywhere else (the member centre's refusals), the end in the player's locale.
      const until = error.until
        ? i18n.date(new Date(error.until), { dateStyle: 'medium', timeStyle: 'short' })
        : null;
      text = until ? (
        <Trans>You are taking a break until {until}: no play until then.</Trans>
      ) : (
        <Trans>Your account is self-excluded: no play.</Trans>
      );
      break;
    }
    default:
      text = <Trans>Something went wrong, please try again</Trans>;
  }
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-danger/50 bg-danger/10 px-3 py-2 text-sm"
    >
      <p>{text}</p>
      {error.code === 'NETWORK' && (
        <button
          type="button"
          className="rounded-full border border-line bg-raised px-3 py-1 font-semibold hover:border-brand"
          onClick={onRetry}
        >
          <Trans>Retry</Trans>
        </button>
      )}
    </div>
  );
}
