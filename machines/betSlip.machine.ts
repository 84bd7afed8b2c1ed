import { and, assign, type ErrorActorEvent, emit, fromPromise, setup, stateIn } from 'xstate';
import type { PlayType } from '../contract/lottery.ts';
import {
  betsOf,
  type LinePrice,
  linesOf,
  type NumbersProblem,
  type PointsProblem,
  readNumbers,
  readPoints,
  type SlipLine,
  type SlipProblem,
} from './betSlip.slip.ts';

/**
 * The bet slip of a lottery's betting page (spec §3 Lottery betting): choose numbers for a play type and the points
 * per line (điểm: a point of lô costs 27 units in the North, 18 in the South), add the choice to the slip (up to 20
 * lines, each priced at the play's price), then place the whole slip on the draw on sale. The slip sends points
 * only: the server prices them again.
 *
 * The root is parallel:
 *   - `sale`: `open` or `closed` (`sale.close` / `sale.open`: the view's countdown on the server clock says when);
 *     a closed sale places nothing.
 *   - `slip`:
 *       - `idle`: building the slip. `slip.place` places it when the member has lines and the sale is open; a
 *         visitor's `slip.place` emits `auth.required` (the view opens the login popup) and places nothing.
 *       - `placing`: invokes `placeBets` with the slip → `placed` (the slip empties, the count of bets is kept), or
 *         `refused` with the error. The form stays editable; what is added meanwhile goes with the emptied slip.
 *       - `placed`: "n bets placed" (the slip is empty) until the next line is added.
 *       - `refused`: the refusal stays on screen until the slip is placed again.
 * Editing (any `slip` state): `playType.select` (another play type clears the choice and its problem),
 * `number.toggle`, `digits.change`, `points.change`, `line.add` { price } (the play type's price on this lottery;
 * undefined until the rules are in, when no line can be priced and none is added), `line.remove`. `session.change`
 * keeps who is logged in.
 *
 * Idempotency: the slip carries a request id, renewed whenever the slip changes (a line added or removed, a slip
 * placed); a retry after a lost answer resends the same id, so the server places nothing twice.
 */
export interface BetSlipInput {
  gameCode: string;
  playType: PlayType;
  loggedIn: boolean;
  /** A fresh idempotency key (a v4 UUID); tests pass a counter. */
  newRequestId: () => string;
}

export interface BetSlipContext {
  gameCode: string;
  loggedIn: boolean;
  playType: PlayType;
  /** Grid numbers chosen, in the order picked. */
  picked: string[];
  /** The typed three digits (3 càng). */
  digits: string;
  pointsText: string;
  numbersProblem: NumbersProblem | SlipProblem | null;
  pointsProblem: PointsProblem | null;
  lines: SlipLine[];
  /** How many keys the slip has handed out: each line gets `l<n>`. */
  keys: number;
  requestId: string;
  newRequestId: () => string;
  /** The draw the slip is placed on (set by `slip.place`). */
  issue: string;
  /** Bets the last place call placed (`placed`); null otherwise. */
  placed: number | null;
  /** The refusal of the last place call (`refused`): the client's error, worded by the view. */
  error: unknown;
}

export interface PlaceRequest {
  requestId: string;
  gameCode: string;
  issue: string;
  bets: ReturnType<typeof betsOf>;
}

export type BetSlipEvent =
  | { type: 'playType.select'; playType: PlayType }
  | { type: 'number.toggle'; number: string }
  | { type: 'digits.change'; digits: string }
  | { type: 'points.change'; text: string }
  | { type: 'line.add'; price: LinePrice | undefined }
  | { type: 'line.remove'; key: string }
  /** `issue`: the draw on sale now (the lottery list refreshes it). */
  | { type: 'slip.place'; issue: string }
  | { type: 'session.change'; loggedIn: boolean }
  | { type: 'sale.close' }
  | { type: 'sale.open' };

/** A visitor asked to place bets (spec §2: betting needs a login). */
export type BetSlipEmitted = { type: 'auth.required' };

const betSlipSetup = setup({
  types: {
    context: {} as BetSlipContext,
    events: {} as BetSlipEvent,
    input: {} as BetSlipInput,
    emitted: {} as BetSlipEmitted,
  },
  actors: {
    placeBets: fromPromise<{ count: number }, PlaceRequest>(async () => {
      throw new Error('placeBets must be provided');
    }),
  },
  guards: {
    isVisitor: ({ context }) => !context.loggedIn,
    hasLines: ({ context }) => context.lines.length > 0,
    saleOpen: stateIn({ sale: 'open' }),
  },
  actions: {
    requireLogin: emit({ type: 'auth.required' } as const),
    selectPlayType: assign(({ context }, playType: PlayType) =>
      playType === context.playType ? {} : { playType, picked: [], digits: '', numbersProblem: null },
    ),
    toggleNumber: assign(({ context }, n: string) => ({
      picked: context.picked.includes(n) ? context.picked.filter((x) => x !== n) : [...context.picked, n],
    })),
    changeDigits: assign((_, digits: string) => ({ digits })),
    changePoints: assign((_, pointsText: string) => ({ pointsText })),
    addLines: assign(({ context }, price: LinePrice | undefined) => {
      const numbers = readNumbers(context.playType, context.picked, context.digits);
      const points = readPoints(context.pointsText, price);
      const problems = {
        placed: null,
        numbersProblem: numbers.ok ? null : numbers.problem,
        pointsProblem: points.ok ? null : points.problem,
      };
      if (!numbers.ok || !points.ok) return problems;
      if (!price) return { ...problems, pointsProblem: { kind: 'unpriced' } as const };
      let keys = context.keys;
      const lines = linesOf(
        context.playType,
        numbers.value,
        points.value,
        price,
        context.lines,
        () => `l${++keys}`,
      );
      if (!lines.ok) return { ...problems, numbersProblem: lines.problem };
      return {
        ...problems,
        keys,
        lines: [...context.lines, ...lines.value],
        picked: [],
        digits: '',
        requestId: context.newRequestId(),
      };
    }),
    removeLine: assign(({ context }, key: string) => ({
      lines: context.lines.filter((l) => l.key !== key),
      requestId: context.newRequestId(),
    })),
    startPlacing: assign((_, issue: string) => ({ issue, placed: null, error: null })),
    keepPlaced: assign(({ context }, count: number) => ({
      placed: count,
      lines: [],
      requestId: context.newRequestId(),
    })),
    keepRefusal: assign((_, error: unknown) => ({ error })),
    keepSession: assign((_, loggedIn: boolean) => ({ loggedIn })),
  },
});

/** A visitor is asked to log in; a member's slip with lines goes out while the sale is open. */
const placeSlip = [
  { guard: 'isVisitor', actions: 'requireLogin' },
  {
    guard: and(['hasLines', 'saleOpen']),
    target: '#betSlip.slip.placing',
    actions: { type: 'startPlacing', params: ({ event }: { event: { issue: string } }) => event.issue },
  },
] as const;

export const betSlipMachine = betSlipSetup.createMachine({
  id: 'betSlip',
  type: 'parallel',
  context: ({ input }) => ({
    gameCode: input.gameCode,
    loggedIn: input.loggedIn,
    playType: input.playType,
    picked: [],
    digits: '',
    pointsText: '',
    numbersProblem: null,
    pointsProblem: null,
    lines: [],
    keys: 0,
    requestId: input.newRequestId(),
    issue: '',
    newRequestId: input.newRequestId,
    placed: null,
    error: null,
  }),
  on: {
    'playType.select': { actions: { type: 'selectPlayType', params: ({ event }) => event.playType } },
    'number.toggle': { actions: { type: 'toggleNumber', params: ({ event }) => event.number } },
    'digits.change': { actions: { type: 'changeDigits', params: ({ event }) => event.digits } },
    'points.change': { actions: { type: 'changePoints', params: ({ event }) => event.text } },
    'line.remove': { actions: { type: 'removeLine', params: ({ event }) => event.key } },
    'session.change': { actions: { type: 'keepSession', params: ({ event }) => event.loggedIn } },
  },
  states: {
    sale: {
      initial: 'open',
      states: {
        open: { on: { 'sale.close': 'closed' } },
        closed: { on: { 'sale.open': 'open' } },
      },
    },
    slip: {
      initial: 'idle',
      on: {
        'line.add': { actions: { type: 'addLines', params: ({ event }) => event.price } },
      },
      states: {
        idle: { on: { 'slip.place': placeSlip } },
        // No `slip.place` here: the slip on its way is placed once.
        placing: {
          invoke: {
            id: 'placeBets',
            src: 'placeBets',
            input: ({ context }) => ({
              requestId: context.requestId,
              gameCode: context.gameCode,
              issue: context.issue,
              bets: betsOf(context.lines),
            }),
            onDone: {
              target: 'placed',
              actions: { type: 'keepPlaced', params: ({ event }) => event.output.count },
            },
            onError: {
              target: 'refused',
              actions: {
                type: 'keepRefusal',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            },
          },
        },
        // The placed slip is empty: nothing to place, but a visitor (a member who logged out) is asked to log in.
        placed: {
          on: {
            'slip.place': { guard: 'isVisitor', actions: 'requireLogin' },
            'line.add': { target: 'idle', actions: { type: 'addLines', params: ({ event }) => event.price } },
          },
        },
        refused: { on: { 'slip.place': placeSlip } },
      },
    },
  },
});
