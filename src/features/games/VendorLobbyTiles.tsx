import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { GameType, Vendor } from '../../../contract/games.ts';
import { connectVendorLobby } from '../../../machines/vendorLobby.connect.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Modal } from '../../ui/Modal.tsx';
import { vendorColumns } from './lobbyGrid.ts';
import { useLaunchGame } from './useLaunchGame.ts';
import { liveVendorLobby } from './vendorLobbyCalls.ts';

const COLUMNS: Record<number, string> = {
  2: 'sm:grid-cols-2',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/**
 * The vendor tiles of the sports, e-sports and cockfight lobbies (spec §2). A tile opens the vendor's lobby: its one
 * entry launches straight away, several are offered in the popup game list (spec §4, §7). Launching goes through
 * the launcher: a visitor gets the login popup, a trial account the spec's notice (§6). `active` is the URL's vendor
 * (the header's dropdown links to it): its tile is marked.
 */
export function VendorLobbyTiles({
  gameType,
  vendors,
  active,
}: {
  gameType: GameType;
  vendors: Vendor[];
  active?: string;
}) {
  const imageUrl = useImageUrl();
  const { t, i18n } = useLingui();
  const actor = useActorRef(liveVendorLobby, { inspect: liveInspect, input: { language: i18n.locale } });
  const view = connectVendorLobby(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { launch, pending } = useLaunchGame();
  // The launcher changes with the session; the subscription stays and reaches the latest one.
  const launchLatest = useRef(launch);
  launchLatest.current = launch;

  useEffect(() => actor.on('game.launch', (e) => launchLatest.current(e.game)).unsubscribe, [actor]);
  useEffect(() => {
    if (actor.getSnapshot().context.language !== i18n.locale)
      actor.send({ type: 'language.change', language: i18n.locale });
  }, [actor, i18n.locale]);

  const popup = view.popup;
  return (
    <>
      <nav aria-label={t`Providers`}>
        <ul
          data-columns={vendorColumns(gameType)}
          className={`grid grid-cols-1 gap-3 ${COLUMNS[vendorColumns(gameType)]}`}
        >
          {vendors.map((v) => {
            const waiting = view.opening === v.vassalage || pending !== null;
            return (
              <li key={v.vassalage}>
                <button
                  type="button"
                  aria-current={v.vassalage === active ? 'true' : undefined}
                  aria-busy={view.opening === v.vassalage}
                  aria-disabled={waiting}
                  onClick={() => !waiting && view.open(v)}
                  className="flex w-full flex-col items-center gap-2 rounded-xl border border-line bg-raised p-4 text-sm hover:border-brand aria-[current=true]:border-accent aria-[current=true]:bg-accent/10 aria-disabled:opacity-60"
                >
                  <img
                    src={imageUrl(v.logoUrl)}
                    alt=""
                    className="h-16 w-40"
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="font-semibold">{v.displayName}</span>
                  <span className="text-xs text-muted">
                    {view.opening === v.vassalage ? <Trans>Opening…</Trans> : <Trans>Enter lobby</Trans>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <Modal
        open={popup !== null}
        title={popup?.vendor.displayName}
        closeLabel={t`Close`}
        onClose={view.close}
      >
        {popup?.error ? (
          <div role="alert" className="flex flex-col items-center gap-3 text-center">
            <p>
              {popup.error.code === 'NETWORK' || !popup.error.message
                ? t`Network abnormal, please try again.`
                : popup.error.message}
            </p>
            <button
              type="button"
              className="h-10 rounded-full bg-brand px-5 text-sm font-semibold text-white"
              onClick={view.retry}
            >
              <Trans>Retry</Trans>
            </button>
          </div>
        ) : popup && popup.games.length === 0 ? (
          <p className="text-center text-muted">
            <Trans>No games here yet.</Trans>
          </p>
        ) : (
          <ul
            aria-label={t`Games`}
            className="grid max-h-[60vh] grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3"
          >
            {popup?.games.map(({ nodeId, gameName: name, iconUrl }) => (
              <li key={nodeId}>
                <button
                  type="button"
                  aria-label={t`Play ${name}`}
                  onClick={() => view.choose(nodeId)}
                  className="flex w-full flex-col items-center gap-1 rounded-lg border border-line p-2 text-xs hover:border-brand"
                >
                  <img
                    src={imageUrl(iconUrl)}
                    alt=""
                    className="aspect-square w-full rounded"
                    loading="lazy"
                  />
                  <span className="line-clamp-2 font-medium">{name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
