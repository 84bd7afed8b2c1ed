import type { EventFromLogic } from 'xstate';
import { sampleGame } from './gameList.events.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';
import { vendorLobbyMachine } from './vendorLobby.machine.ts';

type M = typeof vendorLobbyMachine;

const IBC = { vassalage: 'IBC', gameType: 'SPORTS' as const, displayName: 'IBC Sports' };
const lobbyOf = (nodeId: string) =>
  sampleGame(nodeId, { vassalage: 'IBC', gameType: 'SPORTS', gameClassify: 'LOBBY', supportPlay: false });

/** A sports lobby's vendor tiles and representative events for its generated paths (tests and `npm run paths`). */
export const vendorLobbyWalk = {
  name: 'vendorLobby',
  machine: withInput(vendorLobbyMachine, { language: 'en' }),
  events: [
    { type: 'vendor.open', vendor: IBC },
    doneEvent<M>('loadVendorGames', [lobbyOf('ibc-1')]),
    doneEvent<M>('loadVendorGames', [lobbyOf('ibc-1'), lobbyOf('ibc-2')]),
    errorEvent<M>('loadVendorGames', { code: 'NETWORK' }),
    { type: 'game.choose', nodeId: 'ibc-2' },
    { type: 'game.choose', nodeId: 'gone' },
    { type: 'popup.close' },
    { type: 'list.retry' },
    { type: 'language.change', language: 'vi' },
  ] satisfies EventFromLogic<M>[],
};
