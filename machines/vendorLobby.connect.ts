import type { SnapshotFrom } from 'xstate';
import type { Game } from '../contract/games.ts';
import type { FlowError } from './form.ts';
import type { VendorLobbyEvent, VendorRef, vendorLobbyMachine } from './vendorLobby.machine.ts';

type Snapshot = SnapshotFrom<typeof vendorLobbyMachine>;

export interface VendorLobbyView {
  /** The vendor whose list is on its way (its tile waits), or null. */
  opening: string | null;
  /** The popup list is shown: the vendor's games to choose from, or why they could not be read. */
  popup: { vendor: VendorRef; games: Game[]; error: FlowError | null } | null;
  open(vendor: VendorRef): void;
  choose(nodeId: string): void;
  close(): void;
  retry(): void;
}

/** The vendor tiles' props from a `vendorLobby` snapshot (zag's connect). */
export function connectVendorLobby(s: Snapshot, send: (e: VendorLobbyEvent) => void): VendorLobbyView {
  const { vendor, games, error } = s.context;
  const shown = vendor && (s.matches('choosing') || s.matches('failed'));
  return {
    opening: s.matches('loading') ? (vendor?.vassalage ?? null) : null,
    popup: shown ? { vendor, games, error } : null,
    open: (v) => send({ type: 'vendor.open', vendor: v }),
    choose: (nodeId) => send({ type: 'game.choose', nodeId }),
    close: () => send({ type: 'popup.close' }),
    retry: () => send({ type: 'list.retry' }),
  };
}
