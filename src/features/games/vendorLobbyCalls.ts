import { fromPromise } from 'xstate';
import { PAGE_SIZE } from '../../../contract/constants.ts';
import type { Game } from '../../../contract/games.ts';
import { gameList } from '../../../contract/routes.ts';
import { type VendorGamesRequest, vendorLobbyMachine } from '../../../machines/vendorLobby.machine.ts';
import { call } from '../../api/client.ts';

/** Spec §7 Popup game list: every platform's games of one vendor, in one page of 1000. */
export const popupListQuery = (r: VendorGamesRequest) => ({
  clientType: 3,
  platform: 'flash,html5-desktop',
  gameType: r.gameType,
  vassalage: r.vassalage,
  language: r.language,
  pageNo: 1,
  pageSize: PAGE_SIZE.popup,
});

/** The vendor lobby machine with the real popup game list call. */
export const liveVendorLobby = vendorLobbyMachine.provide({
  actors: {
    loadVendorGames: fromPromise<Game[], VendorGamesRequest>(
      async ({ input }) => (await call(gameList, { query: popupListQuery(input) })).data.games,
    ),
  },
});
