import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { launchGame } from '../../../contract/launch.ts';
import { selectIsLoggedIn, selectMember } from '../../../machines/session.selectors.ts';
import { ApiError, call } from '../../api/client.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { isGameMessage } from './gameMessages.ts';
import { LaunchProblem } from './LaunchProblem.tsx';

const PRIMARY = 'rounded-full bg-brand px-5 py-2 font-semibold text-white';
const SECONDARY = 'rounded-full border border-line px-4 py-1.5 text-sm hover:border-brand';

export interface GamePageProps {
  nodeId: string;
  vendor: string;
  name?: string;
}

/**
 * `/game`: launches the game (spec §3 launch payload) and shows it in a frame, or offers to open it in its own
 * window for vendors that refuse frames. A game page posts GAME_MESSAGE.balance after each round; the header's
 * balance is read again then, and when the player leaves.
 */
export function GamePage({ nodeId, vendor, name }: GamePageProps) {
  const { t } = useLingui();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const member = SessionContext.useSelector(selectMember);
  const modals = useAuthModals();
  const queryClient = useQueryClient();
  const frame = useRef<HTMLIFrameElement>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);

  const launch = useQuery({
    queryKey: ['launch', nodeId, vendor, member?.account],
    enabled: loggedIn && nodeId !== '' && vendor !== '',
    // A launch is a fresh game session: never reused from a cache, never retried behind the player's back.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async () =>
      (
        await call(launchGame, {
          body: { nodeId, vassalage: vendor, username: member?.account, clientType: 3 },
        })
      ).value,
  });

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && isGameMessage(e.data, 'balance'))
        void queryClient.invalidateQueries({ queryKey: ['balance'] });
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
    };
  }, [queryClient]);

  const title = name || nodeId;
  const frameUrl = launch.data?.openIn === 'frame' ? launch.data.content : null;
  const openPopup = (url: string) => {
    const w = window.open(url, `game-${nodeId}`, 'popup,width=1280,height=760');
    setPopupBlocked(!w);
  };

  let body: React.ReactNode;
  if (!loggedIn)
    body = (
      <div className="rounded-2xl border border-line bg-raised p-8 text-center">
        <p className="mb-4">
          <Trans>Not logged in, please login</Trans>
        </p>
        <button type="button" className={PRIMARY} onClick={() => modals.open({ name: 'login' })}>
          <Trans>Login</Trans>
        </button>
      </div>
    );
  else if (!nodeId || !vendor)
    body = <LaunchProblem error={new ApiError('NOT_FOUND', '')} retry={() => undefined} />;
  else if (launch.isPending) body = <Skeleton className="aspect-video w-full" />;
  else if (launch.isError)
    body = (
      <LaunchProblem
        error={
          launch.error instanceof ApiError ? launch.error : new ApiError('NETWORK', String(launch.error))
        }
        retry={() => void launch.refetch()}
        nodeId={nodeId}
      />
    );
  else if (launch.data.openIn === 'popup')
    body = (
      <div className="rounded-2xl border border-line bg-raised p-8 text-center">
        <p className="mb-4">
          <Trans>This game opens in its own window.</Trans>
        </p>
        <button type="button" className={PRIMARY} onClick={() => openPopup(launch.data.content)}>
          <Trans>Open the game</Trans>
        </button>
        {popupBlocked && (
          <p role="alert" className="mt-3 text-danger">
            <Trans>The popup was blocked, please allow popups and try again</Trans>
          </p>
        )}
      </div>
    );
  else
    body = (
      <iframe
        ref={frame}
        title={t`Game: ${title}`}
        src={launch.data.content}
        allow="fullscreen; autoplay"
        className="aspect-[4/3] max-h-[80vh] w-full rounded-2xl border border-line bg-black sm:aspect-video"
      />
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{title}</h1>
        <div className="flex gap-2">
          {frameUrl && (
            <>
              <button
                type="button"
                className={SECONDARY}
                onClick={() => void frame.current?.requestFullscreen?.()}
              >
                <Trans>Full screen</Trans>
              </button>
              <button type="button" className={SECONDARY} onClick={() => openPopup(frameUrl)}>
                <Trans>New window</Trans>
              </button>
            </>
          )}
          <Link to="/" className={SECONDARY}>
            <Trans>Leave game</Trans>
          </Link>
        </div>
      </div>
      {body}
    </div>
  );
}
