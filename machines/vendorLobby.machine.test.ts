import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Game } from '../contract/games.ts';
import { sampleGame } from './gameList.events.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { transitionPaths } from './test/transitionPaths.ts';
import { connectVendorLobby } from './vendorLobby.connect.ts';
import { vendorLobbyWalk } from './vendorLobby.events.ts';
import { type VendorGamesRequest, vendorLobbyMachine } from './vendorLobby.machine.ts';

describe('vendorLobby: generated paths', () => {
  const paths = transitionPaths(vendorLobbyWalk.machine, vendorLobbyWalk.events);

  it('visit every state and take every declared transition', () => {
    const seen = walked(vendorLobbyMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(vendorLobbyMachine).sort());
    for (const t of declaredTransitions(vendorLobbyMachine)) expect(seen.transitions, t).toContain(t);
  });
});

const IBC = { vassalage: 'IBC', gameType: 'SPORTS' as const, displayName: 'IBC Sports' };
const TF = { vassalage: 'TF', gameType: 'ESPORTS' as const, displayName: 'TF Gaming' };

/** The machine with a fake list whose replies the test gives; `asked` records the requests, `launched` the emits. */
function start(reply: (r: VendorGamesRequest) => Game[] | Promise<never>) {
  const asked: VendorGamesRequest[] = [];
  const launched: string[] = [];
  const loadVendorGames = fromPromise<Game[], VendorGamesRequest>(async ({ input }) => {
    asked.push(input);
    return reply(input);
  });
  const actor = createActor(vendorLobbyMachine.provide({ actors: { loadVendorGames } }), {
    input: { language: 'vi' },
  });
  actor.on('game.launch', (e) => launched.push(e.game.nodeId));
  actor.start();
  const view = () => connectVendorLobby(actor.getSnapshot(), actor.send);
  const settled = () => new Promise((r) => setTimeout(r, 0));
  return { actor, asked, launched, view, settled };
}

describe('vendorLobby: behaviour', () => {
  it('a vendor with one lobby entry launches it straight away, no popup', async () => {
    const m = start((r) => [sampleGame(`${r.vassalage}-lobby`)]);
    m.view().open(IBC);
    expect(m.view().opening).toBe('IBC');
    await m.settled();
    expect(m.asked).toEqual([{ vassalage: 'IBC', gameType: 'SPORTS', language: 'vi' }]);
    expect(m.launched).toEqual(['IBC-lobby']);
    expect(m.view()).toMatchObject({ opening: null, popup: null });
  });

  it('a vendor with several games shows them in the popup; the chosen one launches and the popup closes', async () => {
    const m = start(() => [sampleGame('a1'), sampleGame('a2')]);
    m.view().open(TF);
    await m.settled();
    expect(m.view().popup?.games.map((g) => g.nodeId)).toEqual(['a1', 'a2']);
    expect(m.launched).toEqual([]);
    m.view().choose('nope');
    expect(m.launched).toEqual([]);
    m.view().choose('a2');
    expect(m.launched).toEqual(['a2']);
    expect(m.view().popup).toBeNull();
  });

  it('an empty vendor shows an empty popup; closing forgets it', async () => {
    const m = start(() => []);
    m.view().open(TF);
    await m.settled();
    expect(m.view().popup).toMatchObject({ vendor: TF, games: [] });
    m.view().close();
    expect(m.view().popup).toBeNull();
    expect(m.actor.getSnapshot().context.vendor).toBeNull();
  });

  it('a failed list says why and loads again on retry, in the language of the moment', async () => {
    let fail = true;
    const m = start(() => (fail ? Promise.reject({ code: 'NETWORK' }) : [sampleGame('x1')]));
    m.view().open(IBC);
    await m.settled();
    expect(m.view().popup?.error?.code).toBe('NETWORK');
    fail = false;
    m.actor.send({ type: 'language.change', language: 'th' });
    m.view().retry();
    await m.settled();
    expect(m.asked.map((r) => r.language)).toEqual(['vi', 'th']);
    expect(m.launched).toEqual(['x1']);
  });
});
