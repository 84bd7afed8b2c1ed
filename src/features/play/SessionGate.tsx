import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { InhouseGame, InhouseSession } from '../../../contract/inhouse.ts';
import { ApiError } from '../../api/client.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { PlayNotice } from './PlayFrame.tsx';
import { playSessionQuery } from './queries.ts';

export function SessionEnded() {
  return (
    <PlayNotice>
      <p className="font-semibold">
        <Trans>The game session has ended, please launch the game again</Trans>
      </p>
    </PlayNotice>
  );
}

/**
 * Loads the launch's session; the game shows only once it is there, and is the game this page plays. `onLoaded` is
 * told once the session is there: opening it may have moved the balance (a trial's play money), so the portal
 * window reads its balance again and its header says what the game says.
 */
export function SessionGate({
  token,
  game,
  onLoaded,
  children,
}: {
  token: string;
  game: InhouseGame;
  onLoaded?: () => void;
  children: (session: InhouseSession) => ReactNode;
}) {
  const session = useQuery(playSessionQuery(token));
  const loaded = session.isSuccess;
  const told = useRef(onLoaded);
  useEffect(() => {
    if (loaded) told.current?.();
  }, [loaded]);
  const code = session.error instanceof ApiError ? session.error.code : 'NETWORK';
  if (token === '' || (session.isError && code === 'UNAUTHORIZED')) return <SessionEnded />;
  if (session.isPending)
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 p-4" aria-busy="true">
        <span className="sr-only">
          <Trans>Loading the game</Trans>
        </span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="aspect-[5/3] w-full" />
      </div>
    );
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
        {code !== 'FORBIDDEN' && (
          <button
            type="button"
            className="rounded-full bg-brand px-5 py-2 font-semibold text-white"
            onClick={() => void session.refetch()}
          >
            <Trans>Try again</Trans>
          </button>
        )}
      </PlayNotice>
    );
  if (session.data.game !== game)
    return (
      <PlayNotice>
        <p className="font-semibold">
          <Trans>This game session is for another game, please launch the game again</Trans>
        </p>
      </PlayNotice>
    );
  return <>{children(session.data)}</>;
}
