import { assign, emit, fromPromise, setup } from 'xstate';
import type { Game, GameType } from '../contract/games.ts';
import { type FlowError, readFlowError } from './form.ts';

/**
 * Opening a vendor's lobby from a tile of the sports, e-sports or cockfight lobby (spec §2: those lobbies show vendor
 * tiles, not games; spec §4: "others launch in a route or popup list").
 *
 *   - `idle` → `vendor.open` { vendor } → `loading`: `loadVendorGames` asks for the vendor's popup game list (spec §7:
 *     page 1 of 1000, every platform).
 *   - `loading` → done with exactly one game (a vendor whose lobby is one entry, as sports books are): back to `idle`,
 *     emitting `game.launch` with it; with none or several → `choosing` (the popup list); an error → `failed`.
 *   - `choosing`: `game.choose` { nodeId } of a listed game emits `game.launch` and closes; `popup.close` closes.
 *   - `failed`: `list.retry` loads again; `popup.close` closes.
 *   - `vendor.open` of another tile from the popup or the failure starts that vendor's list instead.
 *
 * The machine does not launch: the view hands `game.launch` to the launcher, which knows the session (a visitor gets
 * the login popup, a trial account the spec's "Please Register An Account First").
 * Actor the app provides: `loadVendorGames` ({ vassalage, gameType, language } → games).
 */

export interface VendorRef {
  vassalage: string;
  gameType: GameType;
  displayName: string;
}

export interface VendorGamesRequest {
  vassalage: string;
  gameType: GameType;
  language: string;
}

export interface VendorLobbyInput {
  language: string;
}

export interface VendorLobbyContext {
  language: string;
  vendor: VendorRef | null;
  games: Game[];
  error: FlowError | null;
}

export type VendorLobbyEvent =
  | { type: 'vendor.open'; vendor: VendorRef }
  | { type: 'game.choose'; nodeId: string }
  | { type: 'popup.close' }
  | { type: 'list.retry' }
  | { type: 'language.change'; language: string };

export type VendorLobbyEmitted = { type: 'game.launch'; game: Game };

export const vendorLobbyMachine = setup({
  types: {
    context: {} as VendorLobbyContext,
    events: {} as VendorLobbyEvent,
    input: {} as VendorLobbyInput,
    emitted: {} as VendorLobbyEmitted,
  },
  actors: {
    loadVendorGames: fromPromise<Game[], VendorGamesRequest>(async () => {
      throw new Error('loadVendorGames must be provided');
    }),
  },
  guards: {
    oneGame: (_, games: Game[]) => games.length === 1,
    listed: ({ context }, nodeId: string) => context.games.some((g) => g.nodeId === nodeId),
  },
  actions: {
    chooseVendor: assign((_, vendor: VendorRef) => ({ vendor, games: [], error: null })),
    forget: assign({ vendor: null, games: [], error: null }),
    launch: emit((_, game: Game) => ({ type: 'game.launch' as const, game })),
  },
}).createMachine({
  id: 'vendorLobby',
  context: ({ input }) => ({ language: input.language, vendor: null, games: [], error: null }),
  initial: 'idle',
  on: {
    'language.change': { actions: assign({ language: ({ event }) => event.language }) },
  },
  states: {
    idle: {
      on: {
        'vendor.open': {
          target: 'loading',
          actions: { type: 'chooseVendor', params: ({ event }) => event.vendor },
        },
      },
    },
    loading: {
      invoke: {
        id: 'loadVendorGames',
        src: 'loadVendorGames',
        input: ({ context }) => ({
          vassalage: context.vendor!.vassalage,
          gameType: context.vendor!.gameType,
          language: context.language,
        }),
        onDone: [
          {
            guard: { type: 'oneGame', params: ({ event }) => event.output },
            target: 'idle',
            actions: [{ type: 'launch', params: ({ event }) => event.output[0]! }, 'forget'],
          },
          { target: 'choosing', actions: assign({ games: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => readFlowError(event.error) }) },
      },
    },
    choosing: {
      on: {
        'game.choose': {
          guard: { type: 'listed', params: ({ event }) => event.nodeId },
          target: 'idle',
          actions: [
            {
              type: 'launch',
              params: ({ context, event }) => context.games.find((g) => g.nodeId === event.nodeId)!,
            },
            'forget',
          ],
        },
        'popup.close': { target: 'idle', actions: 'forget' },
        'vendor.open': {
          target: 'loading',
          actions: { type: 'chooseVendor', params: ({ event }) => event.vendor },
        },
      },
    },
    failed: {
      on: {
        'list.retry': { target: 'loading', actions: assign({ error: null }) },
        'popup.close': { target: 'idle', actions: 'forget' },
        'vendor.open': {
          target: 'loading',
          actions: { type: 'chooseVendor', params: ({ event }) => event.vendor },
        },
      },
    },
  },
});
