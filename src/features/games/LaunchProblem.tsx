import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ApiError } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { useBreakText } from '../../ui/records/limitText.ts';
import { PopularGames } from './PopularGames.tsx';

/** Why a game did not open, in the spec's words, with the way on (retry, register, other popular games). */
export function LaunchProblem({
  error,
  retry,
  nodeId,
}: {
  error: ApiError;
  retry: () => void;
  nodeId?: string;
}) {
  const { i18n } = useLingui();
  const modals = useAuthModals();
  const breakText = useBreakText();
  const box = 'flex flex-col items-center gap-4 rounded-2xl border border-line bg-raised p-8 text-center';
  if (error.code === 'GAME_MAINTENANCE') {
    const until = error.extra.maintenanceUntil
      ? formatDateTime(error.extra.maintenanceUntil, i18n.locale)
      : null;
    return (
      <div className="flex flex-col gap-6">
        <div role="alert" className={box}>
          <p className="font-semibold">
            <Trans>The game is under maintenance, please see other popular games</Trans>
          </p>
          {until && (
            <p className="text-muted">
              <Trans>Maintenance until {until}</Trans>
            </p>
          )}
        </div>
        <PopularGames except={nodeId} />
      </div>
    );
  }
  if (error.code === 'FORBIDDEN')
    return (
      <div role="alert" className={box}>
        <p className="font-semibold">{error.message}</p>
        <button
          type="button"
          className="rounded-full bg-brand px-5 py-2 font-semibold text-white"
          onClick={() => modals.open({ name: 'register' })}
        >
          <Trans>Register</Trans>
        </button>
      </div>
    );
  return (
    <div role="alert" className={box}>
      <p className="font-semibold">
        {error.code === 'NOT_FOUND' ? (
          <Trans>This game is not available.</Trans>
        ) : error.code === 'NETWORK' ? (
          <Trans>Network abnormal, please try again</Trans>
        ) : (
          (breakText(error) ?? error.message)
        )}
      </p>
      <div className="flex gap-2">
        {error.code !== 'NOT_FOUND' && (
          <button
            type="button"
            className="rounded-full bg-brand px-5 py-2 font-semibold text-white"
            onClick={retry}
          >
            <Trans>Try again</Trans>
          </button>
        )}
        <Link to="/" className="rounded-full border border-line px-5 py-2">
          <Trans>Home</Trans>
        </Link>
      </div>
    </div>
  );
}
