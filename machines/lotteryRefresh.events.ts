import type { EventFromLogic } from 'xstate';
import type { DrawResult, LotteryGame } from '../contract/lottery.ts';
import { lotteryRefreshMachine, type MenuLoad, type ResultsLoad } from './lotteryRefresh.machine.ts';
import { afterEvent, doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof lotteryRefreshMachine;

/** A lottery of the menu as the fakes and generated paths use it (a daily North lottery on sale). */
export const sampleLottery = (gameId: number, overrides: Partial<LotteryGame> = {}): LotteryGame => ({
  gameId,
  code: `G${gameId}`,
  remark: '18:15',
  tag: 'MB',
  gameType: 'LOTT',
  vendor: 'PORTICO',
  accountTypeName: 'LOTT',
  defaultPlayType: 'LO2',
  webIconUrl: '',
  isSale: true,
  remainTime: 3_600_000,
  lockTime: 900_000,
  issue: `2030010${gameId}`,
  drawTime: '2030-01-01T11:15:00.000Z',
  previousWinningNumber: null,
  previousWinningTime: null,
  drawDayOfWeek: [1, 2, 3, 4, 5, 6, 7],
  gameMenuSort: gameId,
  labelName: `Lottery ${gameId}`,
  ...overrides,
});

/** Server time of the sample replies. */
export const SERVER_TIME = '2030-01-01T10:00:00.000Z';

/**
 * The sample menu: XSMB (daily, North, sale closes in 20 s), a Monday South lottery (sale closes in an hour), a fast
 * lottery (closes in 40 s, beyond the 30 s ceiling) — so the refresh timer clamps up (MIN), down (MAX) and in
 * between across tabs.
 */
export const SAMPLE_MENU: LotteryGame[] = [
  sampleLottery(1, {
    code: 'XSMB',
    labelName: 'Miền Bắc',
    remainTime: 20_000,
    previousWinningNumber: '12345,67890,11111~22222',
  }),
  sampleLottery(2, { code: 'HCM', labelName: 'TP. Hồ Chí Minh', tag: 'MN', drawDayOfWeek: [2, 7] }),
  sampleLottery(3, {
    code: 'VN1P',
    labelName: 'Siêu tốc 1 phút',
    tag: 'FAST',
    gameType: 'ELOTT',
    remainTime: 40_000,
  }),
];

/** A menu load whose call took `rtt` ms. */
export const menuLoad = (
  games: LotteryGame[],
  rtt = 400,
  serverTime: string | null = SERVER_TIME,
): MenuLoad => ({
  games,
  serverTime,
  sentAt: 0,
  receivedAt: rtt,
});

/** The walk's menu: the sample with HCM's sale closed and its draw 5 s after the server time (a results read due). */
export const WALK_MENU: LotteryGame[] = SAMPLE_MENU.map((g) =>
  g.code === 'HCM'
    ? {
        ...g,
        isSale: false,
        remainTime: 0,
        drawTime: new Date(Date.parse(SERVER_TIME) + 5000).toISOString(),
      }
    : g,
);

/** The numbers of every walk lottery's listed draw, as the results call lists them (nothing left to await). */
export const WALK_RESULTS: DrawResult[] = WALK_MENU.map((g) => ({
  gameCode: g.code,
  issue: g.issue,
  drawTime: g.drawTime,
  winningNumber: '12345,67890',
  commitment: 'c',
  salt: 's',
}));

/** A results read that came in `at` ms (local clock of `menuLoad`) after the menu call went out. */
export const resultsLoad = (results: DrawResult[], at: number): ResultsLoad => ({ results, receivedAt: at });

/** The widget's list and representative events for its generated paths (tests and `npm run paths`). */
export const lotteryRefreshWalk = {
  name: 'lotteryRefresh',
  machine: withInput(lotteryRefreshMachine, { scope: 'Lott', loggedIn: true, favourites: [1] }),
  events: [
    doneEvent<M>('loadMenu', menuLoad(WALK_MENU)),
    errorEvent<M>('loadMenu', { code: 'NETWORK' }),
    afterEvent<M>('refresh', 'lotteryRefresh.ready'),
    afterEvent<M>('resultsRead', 'lotteryRefresh.ready.watching'),
    doneEvent<M>('loadResults', resultsLoad(WALK_RESULTS, 5800)),
    errorEvent<M>('loadResults', { code: 'NETWORK' }),
    afterEvent<M>('retry', 'lotteryRefresh.failed'),
    { type: 'list.retry' },
    { type: 'tag.select', tag: 'MN' },
    { type: 'mode.select', mode: 'fav' },
    { type: 'week.select', week: 2 },
    { type: 'prizeMode.select', prizeMode: 'Elott' },
    { type: 'favourite.toggle', gameId: 2 },
    { type: 'session.change', loggedIn: false, favourites: [] },
    { type: 'session.change', loggedIn: true, favourites: [1] },
    { type: 'visibility.hidden' },
    { type: 'visibility.visible' },
  ] satisfies EventFromLogic<M>[],
};

/** The lottery centre's list, started with the menu its page carried: the same events from `ready`. */
export const lotteryRefreshFirstListWalk = {
  name: 'lotteryRefresh (its first list given)',
  machine: withInput(lotteryRefreshMachine, {
    scope: 'Lott',
    loggedIn: true,
    favourites: [1],
    firstList: menuLoad(WALK_MENU),
  }),
  events: lotteryRefreshWalk.events,
};
