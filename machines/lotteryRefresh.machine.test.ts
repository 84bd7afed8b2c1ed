import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DrawResult } from '../contract/lottery.ts';
import {
  CLOSED_TEXT,
  connectLotteryRefresh,
  countdown,
  DAY_MS,
  gameCountdown,
  remainingAt,
  selectLoadFailed,
  selectRows,
  selectShowSkeleton,
  selectStaleError,
  selectTabs,
  selectWeekMenuShown,
} from './lotteryRefresh.connect.ts';
import {
  lotteryRefreshFirstListWalk,
  lotteryRefreshWalk,
  menuLoad,
  SAMPLE_MENU,
  SERVER_TIME,
  sampleLottery,
} from './lotteryRefresh.events.ts';
import {
  awaitedDraws,
  clockOf,
  type LotteryRefreshInput,
  type LotteryScope,
  lotteryRefreshMachine,
  MAX_REFRESH_MS,
  type MenuLoad,
  type MenuRequest,
  MIN_REFRESH_MS,
  RESULT_MARGIN_MS,
  RESULT_RETRY_MS,
  RESULT_WAIT_MS,
  RETRY_MS,
  type ResultsLoad,
  refreshDelay,
  resultsDelay,
  visibleGames,
  withResults,
} from './lotteryRefresh.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { transitionPaths } from './test/transitionPaths.ts';

describe('lotteryRefresh: generated paths', () => {
  const paths = [lotteryRefreshWalk, lotteryRefreshFirstListWalk].flatMap((w) =>
    transitionPaths(w.machine, w.events),
  );
  it('visit every state and take every declared transition (with and without a first list)', () => {
    const seen = walked(lotteryRefreshMachine, paths);
    // `starting` only decides where the list begins (an eventless transition): no snapshot ever rests in it.
    const resting = statePaths(lotteryRefreshMachine).filter((p) => p !== 'starting');
    expect([...seen.states].sort()).toEqual(resting.sort());
    for (const t of declaredTransitions(lotteryRefreshMachine)) expect(seen.transitions, t).toContain(t);
  });
});

describe('countdown format (spec §4)', () => {
  it('is closed when the sale is closed, whatever remains', () => {
    expect(countdown(3_600_000, false)).toEqual({ kind: 'closed' });
  });
  it('is closed under 1 s, and counts from exactly 1 s', () => {
    expect(countdown(0, true)).toEqual({ kind: 'closed' });
    expect(countdown(999, true)).toEqual({ kind: 'closed' });
    expect(countdown(-5, true)).toEqual({ kind: 'closed' });
    expect(countdown(1000, true)).toEqual({ kind: 'clock', text: '00:00:01' });
    expect(CLOSED_TEXT).toBe('-- : -- : --');
  });
  it('shows hh:mm:ss under a day, seconds rounded down', () => {
    expect(countdown(59_999, true)).toEqual({ kind: 'clock', text: '00:00:59' });
    expect(countdown(3_723_500, true)).toEqual({ kind: 'clock', text: '01:02:03' });
    expect(countdown(DAY_MS - 1, true)).toEqual({ kind: 'clock', text: '23:59:59' });
  });
  it('shows days and hours from a day on (the day boundary)', () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(countdown(DAY_MS, true)).toEqual({ kind: 'days', days: 1, hours: 0 });
    expect(countdown(DAY_MS + 3_599_999, true)).toEqual({ kind: 'days', days: 1, hours: 0 });
    expect(countdown(DAY_MS + 3_600_000, true)).toEqual({ kind: 'days', days: 1, hours: 1 });
    expect(countdown(6 * DAY_MS + 23 * 3_600_000 + 59_000, true)).toEqual({
      kind: 'days',
      days: 6,
      hours: 23,
    });
  });
});

describe('refresh timer (spec §9: 7000 to 30000 ms)', () => {
  const asOf = Date.parse(SERVER_TIME);
  it('is the nearest remaining time minus half the round trip', () => {
    expect(refreshDelay([sampleLottery(1, { remainTime: 20_000 })], asOf, 400)).toBe(19_800);
    expect(
      refreshDelay(
        [sampleLottery(1, { remainTime: 25_000 }), sampleLottery(2, { remainTime: 12_000 })],
        asOf,
        1000,
      ),
    ).toBe(11_500);
  });
  it('is at least 7000 ms', () => {
    expect(refreshDelay([sampleLottery(1, { remainTime: 3000 })], asOf, 0)).toBe(MIN_REFRESH_MS);
    expect(refreshDelay([sampleLottery(1, { remainTime: 7100 })], asOf, 400)).toBe(MIN_REFRESH_MS);
  });
  it('is at most 30000 ms, and 30000 with nothing listed', () => {
    expect(refreshDelay([sampleLottery(1, { remainTime: 3_600_000 })], asOf, 0)).toBe(MAX_REFRESH_MS);
    expect(refreshDelay([], asOf, 0)).toBe(MAX_REFRESH_MS);
  });
  it('counts a closed sale until its draw', () => {
    const closed = sampleLottery(1, {
      isSale: false,
      remainTime: 0,
      drawTime: new Date(asOf + 12_000).toISOString(),
    });
    // Aimed 500 ms past the draw, when the server lists the next issue: 12000 + 500 − 2000 / 2.
    expect(refreshDelay([closed], asOf, 2000)).toBe(11_500);
    // A draw already past (the result is on its way): the shortest timer.
    expect(refreshDelay([{ ...closed, drawTime: SERVER_TIME }], asOf, 0)).toBe(MIN_REFRESH_MS);
  });
});

describe('server clock', () => {
  it('measures the round trip and the offset at the call’s midpoint', () => {
    const clock = clockOf({ games: [], serverTime: SERVER_TIME, sentAt: 1000, receivedAt: 1400 }, 0);
    expect(clock).toEqual({
      rtt: 400,
      offset: Date.parse(SERVER_TIME) - 1200,
      asOf: Date.parse(SERVER_TIME),
    });
  });
  it('keeps the offset of the quickest recent call: a slow reply measures it badly', async () => {
    vi.useFakeTimers({ now: 0 });
    const answers: ((m: MenuLoad) => void)[] = [];
    const actor = createActor(
      lotteryRefreshMachine.provide({
        actors: {
          loadMenu: fromPromise<MenuLoad, MenuRequest>(() => new Promise((resolve) => answers.push(resolve))),
        },
      }),
      { input: {} },
    ).start();
    const server = Date.parse(SERVER_TIME);
    // 20 ms round trip, the server 1000 ms ahead.
    answers.shift()!({ games: SAMPLE_MENU, serverTime: SERVER_TIME, sentAt: 0, receivedAt: 20 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.offset).toBe(server - 10);
    actor.send({ type: 'list.retry' });
    actor.send({ type: 'tag.select', tag: 'MB' });
    // A reply that waited 1.2 s behind the server's work: its time is stamped early in the call.
    answers.at(-1)!({
      games: SAMPLE_MENU,
      serverTime: new Date(server + 30_000).toISOString(),
      sentAt: 30_000,
      receivedAt: 31_200,
    });
    await vi.advanceTimersByTimeAsync(0);
    const c = actor.getSnapshot().context;
    expect(c.offset).toBe(server - 10);
    // The list's own time is still the reply's: its remaining times were measured then.
    expect(c.asOf).toBe(server + 30_000);
    expect(c.clockSamples).toEqual([
      { offset: server - 10, rtt: 20 },
      { offset: server - 600, rtt: 1200 },
    ]);
    vi.useRealTimers();
  });

  it('keeps the last offset when a reply has no server time (the popular list)', () => {
    expect(clockOf({ games: [], serverTime: null, sentAt: 1000, receivedAt: 1400 }, 50)).toEqual({
      rtt: 400,
      offset: 50,
      asOf: 1250,
    });
  });
  it('counts down on the server’s clock', () => {
    const c = { offset: 5000, asOf: 10_000 };
    // Local 5000 is server 10000: the full remaining time; a second later, one second less.
    expect(remainingAt(c, { remainTime: 60_000 }, 5000)).toBe(60_000);
    expect(remainingAt(c, { remainTime: 60_000 }, 6000)).toBe(59_000);
    expect(gameCountdown(c, { remainTime: 60_000, isSale: true }, 64_500)).toEqual({ kind: 'closed' });
    expect(remainingAt(c, { remainTime: 60_000 }, 100_000)).toBe(0);
  });
});

describe('week filter', () => {
  const base = { games: SAMPLE_MENU, tag: 'ALL' as const, mode: 'all' as const, favourites: [] };
  it('keeps lotteries drawn that day (fast and daily ones every day); All keeps every one', () => {
    expect(visibleGames({ ...base, week: 0 }).map((g) => g.code)).toEqual(['XSMB', 'HCM', 'VN1P']);
    expect(visibleGames({ ...base, week: 2 }).map((g) => g.code)).toEqual(['XSMB', 'HCM', 'VN1P']);
    expect(visibleGames({ ...base, week: 3 }).map((g) => g.code)).toEqual(['XSMB', 'VN1P']);
    expect(visibleGames({ ...base, week: 1, tag: 'MN' }).map((g) => g.code)).toEqual([]);
  });
});

describe('lotteryRefresh on the clock', () => {
  let requests: MenuRequest[];
  let answers: ((load: MenuLoad | Error) => void)[];

  const start = (input: LotteryRefreshInput = {}) => {
    const machine = lotteryRefreshMachine.provide({
      actors: {
        loadMenu: fromPromise<MenuLoad, MenuRequest>(
          ({ input: request }) =>
            new Promise((resolve, reject) => {
              requests.push(request);
              answers.push((a) =>
                a instanceof Error ? reject(Object.assign(a, { code: 'NETWORK' })) : resolve(a),
              );
            }),
        ),
      },
    });
    return createActor(machine, { input }).start();
  };
  const answer = async (a: MenuLoad | Error) => {
    answers.shift()!(a);
    await vi.advanceTimersByTimeAsync(0);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    requests = [];
    answers = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes after the clamped nearest remaining time, and again', async () => {
    const actor = start();
    expect(requests).toEqual([{ scope: 'Lott', source: 'menu' }]);
    await answer(menuLoad(SAMPLE_MENU, 400));
    // XSMB closes in 20 s: 20000 − 400 / 2.
    expect(actor.getSnapshot().context.delay).toBe(19_800);
    await vi.advanceTimersByTimeAsync(19_799);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await answer(menuLoad([sampleLottery(1, { remainTime: 1000 })], 0));
    expect(actor.getSnapshot().context.delay).toBe(MIN_REFRESH_MS);
  });

  it('a tab change refreshes at once, resets the week filter and list mode, and times the tab’s games', async () => {
    const actor = start({ loggedIn: true, favourites: [2] });
    await answer(menuLoad(SAMPLE_MENU, 0));
    actor.send({ type: 'week.select', week: 2 });
    actor.send({ type: 'mode.select', mode: 'fav' });
    expect(requests).toHaveLength(2);
    await answer(menuLoad(SAMPLE_MENU, 0));
    expect(selectRows(actor.getSnapshot()).map((g) => g.code)).toEqual(['HCM']);
    actor.send({ type: 'tag.select', tag: 'FAST' });
    expect(actor.getSnapshot().context).toMatchObject({ tag: 'FAST', week: 0, mode: 'all' });
    expect(requests).toHaveLength(3);
    await answer(menuLoad(SAMPLE_MENU, 0));
    // Only VN1P is listed: 40 s clamps to 30 s.
    expect(actor.getSnapshot().context.delay).toBe(MAX_REFRESH_MS);
  });

  it('starts ready with the first list it is given (the lottery centre’s page carried it), loading none', async () => {
    // The page's request went out at local 1000 and its answer came in at 1300.
    const server = Date.parse(SERVER_TIME);
    const firstList = { games: SAMPLE_MENU, serverTime: SERVER_TIME, sentAt: 1000, receivedAt: 1300 };
    const actor = start({ firstList });
    const s = actor.getSnapshot();
    expect(s.matches('ready')).toBe(true);
    expect(selectShowSkeleton(s)).toBe(false);
    expect(selectRows(s).map((g) => g.code)).toEqual(['XSMB', 'HCM', 'VN1P']);
    // As a load that brought it: its clock and its refresh timer (XSMB closes in 20 s: 20000 − 300 / 2).
    expect(s.context).toMatchObject({
      source: 'menu',
      asOf: server,
      offset: server - 1150,
      rtt: 300,
      clockSamples: [{ offset: server - 1150, rtt: 300 }],
      delay: 19_850,
    });
    await vi.advanceTimersByTimeAsync(19_849);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual([{ scope: 'Lott', source: 'menu' }]);
    await answer(menuLoad(SAMPLE_MENU));
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('counts a first list’s timers from when it came in, not from a later start', async () => {
    // The page's answer came in at local 1300; the app started the list 2.5 s later.
    const firstList = { games: SAMPLE_MENU, serverTime: SERVER_TIME, sentAt: 1000, receivedAt: 1300 };
    const actor = start({ firstList, startedAt: 3800 });
    // XSMB's sale closes 20 s after the list's time: the refresh is due 17.35 s after the start (19.85 s − 2.5 s).
    expect(actor.getSnapshot().context.delay).toBe(17_350);
    await vi.advanceTimersByTimeAsync(17_349);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual([{ scope: 'Lott', source: 'menu' }]);
    // Started long after the list's own refresh was due: at once.
    const late = start({ firstList, startedAt: 60_000 });
    expect(late.getSnapshot().context.delay).toBe(0);
  });

  it('without a first list, loads at once as ever; a change of tab loads despite a first list', async () => {
    start();
    expect(requests).toEqual([{ scope: 'Lott', source: 'menu' }]);
    const actor = start({ firstList: menuLoad(SAMPLE_MENU) });
    actor.send({ type: 'tag.select', tag: 'MN' });
    expect(requests).toHaveLength(2);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('keeps the last list on failure and retries after 7 s', async () => {
    const actor = start();
    await answer(menuLoad(SAMPLE_MENU));
    await vi.advanceTimersByTimeAsync(19_800);
    await answer(new Error('down'));
    const s = actor.getSnapshot();
    expect(s.value).toBe('failed');
    expect(selectRows(s)).toHaveLength(3);
    expect(selectStaleError(s)).toEqual({ code: 'NETWORK', message: 'down' });
    expect(selectLoadFailed(s)).toBe(false);
    await vi.advanceTimersByTimeAsync(6999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    await answer(menuLoad(SAMPLE_MENU));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a first load that fails shows the failure; Retry loads at once', async () => {
    const actor = start();
    expect(selectShowSkeleton(actor.getSnapshot())).toBe(true);
    await answer(new Error('down'));
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.retry' });
    expect(requests).toHaveLength(2);
  });

  it('runs no timer while hidden and refreshes on return', async () => {
    const actor = start();
    await answer(menuLoad(SAMPLE_MENU));
    actor.send({ type: 'visibility.hidden' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(requests).toHaveLength(1);
    actor.send({ type: 'visibility.visible' });
    expect(requests).toHaveLength(2);
  });

  it('hot mode reads the popular list; recent the member’s recent menu; choosing it again goes back', async () => {
    const actor = start({ loggedIn: true });
    await answer(menuLoad(SAMPLE_MENU));
    actor.send({ type: 'mode.select', mode: 'hot' });
    expect(requests.at(-1)).toEqual({ scope: 'Lott', source: 'popular' });
    expect(selectShowSkeleton(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'mode.select', mode: 'recent' });
    expect(requests.at(-1)).toEqual({ scope: 'Lott', source: 'recent' });
    actor.send({ type: 'mode.select', mode: 'recent' });
    expect(actor.getSnapshot().context.mode).toBe('all');
    expect(requests.at(-1)).toEqual({ scope: 'Lott', source: 'menu' });
  });

  it('asks a visitor to log in for fav, recent and favourites, and loads nothing', async () => {
    const actor = start();
    let asked = 0;
    actor.on('auth.required', () => asked++);
    actor.on('favourites.change', () => expect.unreachable('a visitor has no favourites to keep'));
    await answer(menuLoad(SAMPLE_MENU));
    for (const [i, event] of (
      [
        { type: 'mode.select', mode: 'fav' },
        { type: 'mode.select', mode: 'recent' },
        { type: 'favourite.toggle', gameId: 1 },
      ] as const
    ).entries()) {
      actor.send(event);
      expect(asked).toBe(i + 1);
    }
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'all', favourites: [] });
  });

  it('takes the member’s favourites at login, toggles them, forgets them at logout and leaves fav mode', async () => {
    const actor = start();
    const announced: number[][] = [];
    actor.on('favourites.change', (e) => announced.push(e.favourites));
    await answer(menuLoad(SAMPLE_MENU));
    actor.send({ type: 'session.change', loggedIn: true, favourites: [3] });
    actor.send({ type: 'favourite.toggle', gameId: 1 });
    actor.send({ type: 'favourite.toggle', gameId: 3 });
    expect(actor.getSnapshot().context.favourites).toEqual([1]);
    // Each toggle announces the list for the app to keep in the browser; taking them at login does not.
    expect(announced).toEqual([[3, 1], [1]]);
    actor.send({ type: 'mode.select', mode: 'fav' });
    await answer(menuLoad(SAMPLE_MENU));
    expect(selectRows(actor.getSnapshot()).map((g) => g.code)).toEqual(['XSMB']);
    actor.send({ type: 'session.change', loggedIn: false, favourites: [] });
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'all', favourites: [], loggedIn: false });
    expect(requests).toHaveLength(3);
  });

  it('connect: a betting page shows the lottery its URL names, else its tag’s first, else the menu’s first', async () => {
    const actor = start();
    await answer(menuLoad(SAMPLE_MENU.map((g) => ({ ...g, gameMenuSort: 10 - g.gameId }))));
    const view = connectLotteryRefresh(actor.getSnapshot(), actor.send);
    expect(view.pageGame('HCM', 'MB')?.code).toBe('HCM');
    expect(view.pageGame('NOPE')).toBeUndefined();
    expect(view.pageGame(undefined, 'MN')?.code).toBe('HCM');
    expect(view.pageGame(undefined, 'KENO')?.code).toBe('VN1P'); // no KENO: the first in menu order
    expect(view.pageGame(undefined)?.code).toBe('VN1P');
    view.selectTab('MN');
    view.selectWeek(2);
    view.toggleFavourite(2);
    expect(actor.getSnapshot().context).toMatchObject({ tag: 'MN', week: 2, favourites: [] });
  });

  it('a prize mode change clears the list and loads the other category', async () => {
    const actor = start();
    await answer(menuLoad(SAMPLE_MENU));
    actor.send({ type: 'prizeMode.select', prizeMode: 'Lott' });
    expect(requests).toHaveLength(1);
    actor.send({ type: 'prizeMode.select', prizeMode: 'Elott' });
    expect(requests.at(-1)).toEqual({ scope: 'Elott', source: 'menu' });
    expect(selectRows(actor.getSnapshot())).toEqual([]);
  });

  it('offers KENO only when the menu has such a group', async () => {
    const actor = start();
    expect(selectTabs(actor.getSnapshot())).toEqual(['ALL', 'MB', 'MT', 'MN', 'FAST']);
    const keno = sampleLottery(9, { code: 'KENO5', tag: 'KENO', gameType: 'ELOTT', vendor: 'GPI' });
    await answer(menuLoad([...SAMPLE_MENU, keno]));
    expect(selectTabs(actor.getSnapshot())).toEqual(['ALL', 'MB', 'MT', 'MN', 'FAST', 'KENO']);
    // The KENO tab lists the Keno games only, without the weekday menu.
    actor.send({ type: 'tag.select', tag: 'KENO' });
    await answer(menuLoad([...SAMPLE_MENU, keno]));
    expect(selectRows(actor.getSnapshot()).map((g) => g.code)).toEqual(['KENO5']);
    expect(selectWeekMenuShown(actor.getSnapshot())).toBe(false);
    // A menu without the group (a merchant without GPI) takes the tab away.
    actor.send({ type: 'tag.select', tag: 'ALL' });
    await answer(menuLoad(SAMPLE_MENU));
    expect(selectTabs(actor.getSnapshot())).toEqual(['ALL', 'MB', 'MT', 'MN', 'FAST']);
  });
});

/** A revealed draw as the results call lists it. */
const result = (gameCode: string, issue: string, drawTime: number, winningNumber: string): DrawResult => ({
  gameCode,
  issue,
  drawTime: new Date(drawTime).toISOString(),
  winningNumber,
  commitment: 'c',
  salt: 's',
});

describe('results after each draw (issue 24: on screen within 5 s of the draw)', () => {
  const now = Date.parse(SERVER_TIME);
  const draw = now + 5000;
  /** VN1P, its sale closed, drawing 5 s after the server time; its previous numbers are a minute old. */
  const closing = sampleLottery(3, {
    code: 'VN1P',
    tag: 'FAST',
    isSale: false,
    remainTime: 0,
    issue: '20300101-0001',
    drawTime: new Date(draw).toISOString(),
    previousWinningNumber: '11111,22222',
    previousWinningTime: new Date(draw - 60_000).toISOString(),
  });

  it('takes newer numbers from the results, never older ones', () => {
    const newer = result('VN1P', '20300101-0001', draw, '33333,44444');
    expect(withResults([closing], [newer])[0]).toMatchObject({
      previousWinningNumber: '33333,44444',
      previousWinningTime: newer.drawTime,
    });
    const older = result('VN1P', '20300101-0000', draw - 120_000, '55555,66666');
    expect(withResults([closing], [older])[0]).toBe(closing);
  });

  it('awaits each game’s next draw, keeps a passed one without numbers, and lets it go after 30 s', () => {
    expect(awaitedDraws([closing], {}, now)).toEqual({ VN1P: draw });
    // The next menu lists the next issue but not yet the numbers of the draw that passed: that one is still awaited.
    const nextIssue = {
      ...closing,
      isSale: true,
      issue: '20300101-0002',
      drawTime: new Date(draw + 60_000).toISOString(),
    };
    expect(awaitedDraws([nextIssue], { VN1P: draw }, draw + 600)).toEqual({ VN1P: draw });
    // With the numbers in, the next draw is awaited.
    const drawn = { ...nextIssue, previousWinningTime: new Date(draw).toISOString() };
    expect(awaitedDraws([drawn], { VN1P: draw }, draw + 600)).toEqual({ VN1P: draw + 60_000 });
    expect(awaitedDraws([nextIssue], { VN1P: draw }, draw + RESULT_WAIT_MS + 1)).toEqual({
      VN1P: draw + 60_000,
    });
  });

  it('times the read 500 ms past the first awaited draw, then retries every second', () => {
    expect(resultsDelay([closing], { VN1P: draw }, now)).toBe(5000 + RESULT_MARGIN_MS);
    expect(resultsDelay([closing], { VN1P: draw }, draw + RESULT_MARGIN_MS)).toBe(RESULT_RETRY_MS);
    expect(resultsDelay([closing], {}, now)).toBeNull();
  });

  describe('on the clock', () => {
    let menus: MenuRequest[];
    let reads: { scope: LotteryScope }[];
    let replies: ((r: ResultsLoad | Error) => void)[];
    let menuReplies: ((m: MenuLoad) => void)[];

    const start = () => {
      const machine = lotteryRefreshMachine.provide({
        actors: {
          loadMenu: fromPromise<MenuLoad, MenuRequest>(
            ({ input }) =>
              new Promise((resolve) => {
                menus.push(input);
                menuReplies.push(resolve);
              }),
          ),
          loadResults: fromPromise<ResultsLoad, { scope: LotteryScope }>(
            ({ input }) =>
              new Promise((resolve, reject) => {
                reads.push(input);
                replies.push((r) => (r instanceof Error ? reject(r) : resolve(r)));
              }),
          ),
        },
      });
      return createActor(machine, { input: { scope: 'Elott' } }).start();
    };
    /** The results call answers now (local clock = ms since the start, as the menu's sentAt/receivedAt). */
    const answerResults = async (results: DrawResult[] | Error) => {
      replies.shift()!(results instanceof Error ? results : { results, receivedAt: Date.now() });
      await vi.advanceTimersByTimeAsync(0);
    };

    beforeEach(() => {
      vi.useFakeTimers({ now: 0 });
      menus = [];
      reads = [];
      replies = [];
      menuReplies = [];
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('reads the results right after the draw time and again every second until the new numbers come', async () => {
      const actor = start();
      menuReplies.shift()!(menuLoad([closing], 0));
      await vi.advanceTimersByTimeAsync(0);
      // The menu refresh waits at least 7 s; the results read comes 500 ms after the draw.
      expect(actor.getSnapshot().context.delay).toBe(MIN_REFRESH_MS);
      await vi.advanceTimersByTimeAsync(5000 + RESULT_MARGIN_MS - 1);
      expect(reads).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(reads).toEqual([{ scope: 'Elott' }]);
      // Not revealed yet: the previous result again. One second later, again.
      await answerResults([result('VN1P', '20300101-0000', draw - 60_000, '11111,22222')]);
      await vi.advanceTimersByTimeAsync(RESULT_RETRY_MS - 1);
      expect(reads).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(reads).toHaveLength(2);
      await answerResults([result('VN1P', '20300101-0001', draw, '33333,44444')]);
      const s = actor.getSnapshot();
      expect(selectRows(s)[0]).toMatchObject({
        issue: '20300101-0001',
        previousWinningNumber: '33333,44444',
      });
      // The numbers are in: no more reads until a menu lists the next draw; the menu refresh still comes on time.
      expect(s.matches({ ready: 'caughtUp' })).toBe(true);
      expect(menus).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(MIN_REFRESH_MS - 5000 - RESULT_MARGIN_MS - RESULT_RETRY_MS);
      expect(reads).toHaveLength(2);
      expect(menus).toHaveLength(2);
    });

    it('a failed read keeps the list and is tried again after 7 s', async () => {
      const actor = start();
      menuReplies.shift()!(menuLoad([closing], 0));
      await vi.advanceTimersByTimeAsync(5000 + RESULT_MARGIN_MS);
      expect(reads).toHaveLength(1);
      await answerResults(new Error('down'));
      expect(selectRows(actor.getSnapshot())[0]).toBe(closing);
      expect(actor.getSnapshot().context.error).toBeNull();
      await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
      expect(reads).toHaveLength(1);
      // The menu refresh (7 s after the list) came first and re-timed the read from its list.
      expect(menus).toHaveLength(2);
    });
  });
});
