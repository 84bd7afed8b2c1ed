import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectBetSlip } from './betSlip.connect.ts';
import { betSlipWalk, WALK_PRICE } from './betSlip.events.ts';
import { betSlipMachine, type PlaceRequest } from './betSlip.machine.ts';
import { MAX_SLIP_LINES } from './betSlip.slip.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { transitionPaths } from './test/transitionPaths.ts';

describe('betSlip: generated paths', () => {
  it('visit every state and take every declared transition', () => {
    const paths = transitionPaths(betSlipWalk.machine, betSlipWalk.events, betSlipWalk.graph);
    const seen = walked(betSlipMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(betSlipMachine).sort());
    for (const t of declaredTransitions(betSlipMachine)) expect(seen.transitions, t).toContain(t);
  });
});

/** A slip with a fake place call that answers when the test says; request ids r1, r2, … */
function startSlip(loggedIn = true) {
  const placed: PlaceRequest[] = [];
  let settle: { resolve: (count: number) => void; reject: (e: unknown) => void } | null = null;
  let ids = 0;
  const logic = betSlipMachine.provide({
    actors: {
      placeBets: fromPromise<{ count: number }, PlaceRequest>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            placed.push(input);
            settle = { resolve: (count) => resolve({ count }), reject };
          }),
      ),
    },
  });
  const actor = createActor(logic, {
    input: { gameCode: 'XSMB', playType: 'LO2', loggedIn, newRequestId: () => `r${++ids}` },
  });
  let loginRequests = 0;
  actor.on('auth.required', () => loginRequests++);
  actor.start();
  const view = () => connectBetSlip(actor.getSnapshot(), actor.send);
  const answer = async (outcome: number | Error) => {
    const s = settle!;
    if (outcome instanceof Error) s.reject(outcome);
    else s.resolve(outcome);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, view, placed, answer, loginRequests: () => loginRequests };
}

/** Picks numbers, types the points and adds the choice. */
function addLines(view: () => ReturnType<typeof connectBetSlip>, numbers: string[], points = '1') {
  for (const n of numbers) view().toggleNumber(n);
  view().changePoints(points);
  view().add(WALK_PRICE);
}

describe('betSlip: building the slip', () => {
  it('says what is wrong with the numbers and the points, and adds nothing', () => {
    const { view } = startSlip();
    view().add(WALK_PRICE);
    expect(view().numbersProblem).toEqual({ kind: 'pickOne' });
    expect(view().pointsProblem).toEqual({ kind: 'required' });
    view().toggleNumber('07');
    for (const [text, problem] of [
      ['1.5', { kind: 'format' }],
      ['0', { kind: 'format' }],
      ['ten', { kind: 'format' }],
      ['101', { kind: 'max', max: 100 }],
    ] as const) {
      view().changePoints(text);
      view().add(WALK_PRICE);
      expect(view().numbersProblem).toBeNull();
      expect(view().pointsProblem).toEqual(problem);
    }
    view().changePoints('1');
    view().add({ ...WALK_PRICE, minPoints: 5 });
    expect(view().pointsProblem).toEqual({ kind: 'min', min: 5 });
    // Until the prices are read a line cannot be priced: nothing is added.
    view().add(undefined);
    expect(view().pointsProblem).toEqual({ kind: 'unpriced' });
    expect(view().quote(undefined)).toBeNull();
    expect(view().lines).toEqual([]);
  });

  it('adds a line per lô number priced in points, clears the choice, keeps the points and totals the slip', () => {
    const { view } = startSlip();
    view().changePoints('3');
    expect(view().quote(WALK_PRICE)).toEqual({ cost: 8_100, winPerHit: 28_500 });
    addLines(view, ['42', '07'], '3');
    expect(view().lines.map((l) => [l.key, l.numbers, l.points, l.cost, l.winPerHit])).toEqual([
      ['l1', ['07'], 3, 8_100, 28_500],
      ['l2', ['42'], 3, 8_100, 28_500],
    ]);
    expect(view().isPicked('07')).toBe(false);
    expect(view().pointsText).toBe('3');
    expect(view().total).toBe(16_200);
    view().remove('l1');
    expect(view().lines.map((l) => l.key)).toEqual(['l2']);
  });

  it('another play type clears the choice; 3 càng reads three digits', () => {
    const { view } = startSlip();
    view().toggleNumber('07');
    view().selectPlayType('BA_CANG');
    expect(view().entry).toEqual({ kind: 'digits', length: 3 });
    expect(view().isPicked('07')).toBe(false);
    view().changeDigits('12');
    view().changePoints('5');
    view().add(WALK_PRICE);
    expect(view().numbersProblem).toEqual({ kind: 'threeDigits' });
    view().changeDigits('123');
    view().add(WALK_PRICE);
    expect(view().lines.map((l) => [l.playType, l.numbers])).toEqual([['BA_CANG', ['123']]]);
    expect(view().digits).toBe('');
  });

  it(`holds at most ${MAX_SLIP_LINES} lines`, () => {
    const { view } = startSlip();
    addLines(
      view,
      Array.from({ length: MAX_SLIP_LINES }, (_, i) => String(i).padStart(2, '0')),
    );
    addLines(view, ['99']);
    expect(view().lines).toHaveLength(MAX_SLIP_LINES);
    expect(view().numbersProblem).toEqual({ kind: 'full', max: MAX_SLIP_LINES });
  });
});

describe('betSlip: placing', () => {
  it('places the slip once, empties it and says how many bets were placed', async () => {
    const { view, placed, answer } = startSlip();
    expect(view().placeDisabled).toBe(true);
    addLines(view, ['07', '42']);
    view().place('20300101');
    expect(view().placing).toBe(true);
    expect(view().placeDisabled).toBe(true);
    view().place('20300101');
    expect(placed).toEqual([
      {
        requestId: 'r2',
        gameCode: 'XSMB',
        issue: '20300101',
        bets: [
          { playType: 'LO2', numbers: ['07'], points: 1 },
          { playType: 'LO2', numbers: ['42'], points: 1 },
        ],
      },
    ]);
    await answer(2);
    expect(view().placed).toBe(2);
    expect(view().lines).toEqual([]);
    // The next line clears the message.
    addLines(view, ['11']);
    expect(view().placed).toBeNull();
  });

  it('a refusal stays on screen and a retry of the same slip resends its request id; a changed slip gets a new one', async () => {
    const { view, placed, answer } = startSlip();
    addLines(view, ['07']);
    view().place('20300101');
    const refusal = new Error('lost');
    await answer(refusal);
    expect(view().refusal).toBe(refusal);
    expect(view().lines).toHaveLength(1);
    view().place('20300101');
    expect(view().refusal).toBeNull();
    await answer(refusal);
    addLines(view, ['08']);
    expect(view().refusal).toBe(refusal);
    view().place('20300101');
    expect(placed.map((p) => p.requestId)).toEqual(['r2', 'r2', 'r3']);
  });

  it('a closed sale places nothing until the next draw is on sale', () => {
    const { view, placed } = startSlip();
    addLines(view, ['07']);
    view().syncSale(true);
    expect(view().saleClosed).toBe(true);
    expect(view().placeDisabled).toBe(true);
    view().place('20300101');
    expect(placed).toEqual([]);
    view().syncSale(false);
    view().place('20300102');
    expect(placed.map((p) => p.issue)).toEqual(['20300102']);
  });

  it('a visitor’s place asks for a login and places nothing; logged in, the slip goes out', () => {
    const { view, placed, loginRequests } = startSlip(false);
    addLines(view, ['07']);
    expect(view().loggedIn).toBe(false);
    view().place('20300101');
    expect(loginRequests()).toBe(1);
    expect(placed).toEqual([]);
    view().syncSession(true);
    view().place('20300101');
    expect(loginRequests()).toBe(1);
    expect(placed).toHaveLength(1);
  });
});
