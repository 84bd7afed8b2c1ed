import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { launchGame } from '../../../contract/launch.ts';
import { selectIsLoggedIn, selectMember } from '../../../machines/session.connect.ts';
import { ApiError, call } from '../../api/client.ts';
import { balanceQuery, whitelabelQuery } from '../../api/queries.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { fromOurGame, isGameMessage } from './gameMessages.ts';
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

  const launchCdns = useQuery({ ...whitelabelQuery(), select: (info) => info.launchGameCDNs }).data;
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (fromOurGame(e.origin, launchCdns ?? []) && isGameMessage(e.data, 'balance'))
        void queryClient.invalidateQueries({ queryKey: ['balance'] });
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
    };
  }, [queryClient, launchCdns]);

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
  else if (launch.isPending) body = <Skeleton className="h-full w-full lg:aspect-video lg:h-auto" />;
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
        className="h-full w-full bg-black lg:aspect-video lg:h-auto lg:max-h-[80vh] lg:rounded-2xl lg:border lg:border-line"
      />
    );

  return (
    // Below `lg` the game is the whole screen (the portal's header and footer step aside): a slim bar with back,
    // title and balance, and the game filling the rest of the dynamic viewport, controls included.
    <div className="flex flex-col max-lg:fixed max-lg:inset-0 max-lg:z-20 max-lg:h-dvh max-lg:bg-surface lg:gap-3">
      <div className="flex items-center gap-2 max-lg:h-12 max-lg:shrink-0 max-lg:border-b max-lg:border-line max-lg:bg-raised max-lg:px-1.5 lg:flex-wrap lg:justify-between">
        <Link
          to="/"
          aria-label={t`Leave game`}
          className="grid h-10 w-10 shrink-0 place-items-center rounded-full hover:bg-line/40 lg:hidden"
          // Back to where the game was chosen (the lobby, its filters and scroll); home when opened directly.
          onClick={(e) => {
            if (window.history.length < 2) return;
            e.preventDefault();
            window.history.back();
          }}
        >
          <Icon name="chevronLeft" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-base font-bold lg:flex-none lg:text-xl">{title}</h1>
        {loggedIn && <GameBarBalance />}
        <div className="flex gap-2 max-lg:hidden">
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
      <div className={frameUrl ? 'min-h-0 flex-1' : 'min-h-0 flex-1 overflow-y-auto max-lg:p-3'}>{body}</div>
    </div>
  );
}

/**
 * The phone game bar's balance: the header's own query (read again after each round the game reports, and when the
 * game's session opens), so the bar, the header and the game say the same amount.
 */
function GameBarBalance() {
  const { i18n } = useLingui();
  const balance = useQuery(balanceQuery());
  return (
    <p className="shrink-0 rounded-full border border-line px-3 py-1 text-sm tabular-nums lg:hidden">
      <span className="sr-only">
        <Trans>Balance</Trans>
      </span>{' '}
      <strong data-testid="game-bar-balance" aria-live="polite">
        {balance.data ? (
          <AmountText minor={balance.data.sumBalance} sign={balance.data.currencySign} locale={i18n.locale} />
        ) : (
          '…'
        )}
      </strong>
    </p>
  );
}
