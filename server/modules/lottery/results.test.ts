import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayType } from '../../../contract/lottery.ts';
import { lotteryResultsConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  gameRounds,
  ledgerTransactions,
  lotteryBets,
  lotteryDraws,
  members,
  messages,
} from '../../db/schema/index.ts';
import {
  httpResultsFeed,
  officialResults,
  RESULTS_SIGNATURE_HEADER,
  ResultsFeedError,
  signBody,
} from '../../ports/lotteryResults.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { asOps } from '../../test/changes.ts';
import { invariantBreaches, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createResponsibleGambling } from '../responsible/service.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createDrawEngine } from './draws.ts';
import { createResultsService } from './results.ts';
import { createLotteryService } from './service.ts';

/** Vietnam local time (UTC+7) as an instant. */
const vn = (local: string) => new Date(`${local}+07:00`);
const HOUR = 3_600_000;
// Monday 7 January 2030: XSMN (HCM, DT, CM) draw at 16:15, XSMT (TTH) at 17:15, XSMB at 18:15.
const T0 = vn('2030-01-07T12:00:00');
const ISSUE = '20300107';

// The fake feed: answers what `feed.body` holds (status, signature) and keeps what it was asked.
const feed = { status: 200, body: '{}', asked: [] as { url: string; auth?: string }[] };
let server: Server;
let feedUrl: string;

let t: TestApp;
let db: Db;
let clock = T0.getTime();
const source = () =>
  officialResults({ feed: httpResultsFeed({ url: feedUrl, token: 'feed-token' }), trustFeed: true });
let engine: ReturnType<typeof createDrawEngine>;
let lottery: ReturnType<typeof createLotteryService>;
let results: ReturnType<typeof createResultsService>;

beforeAll(async () => {
  server = createServer((req, res) => {
    feed.asked.push({ url: req.url ?? '', auth: req.headers.authorization });
    res.writeHead(feed.status, { 'content-type': 'application/json' }).end(feed.body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/results`;
  t = await testApp({ lotteryResults: source(), clock: () => clock });
  db = t.database.db;
  engine = createDrawEngine(db, { results: source() });
  lottery = createLotteryService(db, {
    rules: createRulesStore(db),
    guard: createResponsibleGambling(db, createAuditLog(db)),
    engine,
  });
  results = createResultsService(db, { engine, audit: createAuditLog(db), source: source() });
  await engine.ensureDraws(T0);
});
afterAll(async () => {
  await t.close();
  await new Promise((ok) => server.close(ok));
});

const NORTH = {
  DB: ['12345'],
  G1: ['98700'],
  G2: ['11111', '22222'],
  G3: ['00045', '33333', '44444', '55555', '66666', '77777'],
  G4: ['1234', '5678', '9012', '3456'],
  G5: ['0000', '1357', '2468', '9753', '8642', '1122'],
  G6: ['123', '456', '789'],
  G7: ['45', '09', '99', '10'],
};
const SOUTH = {
  DB: ['123456'],
  G1: ['11111'],
  G2: ['22222'],
  G3: ['33333', '44444'],
  G4: ['55555', '66666', '77777', '88888', '99999', '00000', '10101'],
  G5: ['1212'],
  G6: ['1313', '1414', '1515'],
  G7: ['161'],
  G8: ['56'],
};
const typed = (prizes: Record<string, string[]>) => Object.values(prizes).flat();

const memberRow = async (id: number) =>
  (await db.select().from(members).where(eq(members.id, id)))[0] as Member;
const drawRow = async (gameCode: string) =>
  (
    await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, gameCode), eq(lotteryDraws.issue, ISSUE)))
  )[0]!;
const balance = async (walletId: number) => Number(await createLedger(db).walletBalance(walletId));

/** A member with 100,000 who bets `lines` on the game's 2030-01-07 draw. */
async function bettor(gameCode: string, lines: [PlayType, string[]][]) {
  const m = await newMember(db, `res${randomUUID().slice(0, 8)}`, 100_000n);
  const slip = await lottery.place(
    'PORTICO',
    await memberRow(m.id),
    {
      requestId: randomUUID(),
      gameCode,
      issue: ISSUE,
      bets: lines.map(([playType, numbers]) => ({ playType, numbers, points: 10 })),
    },
    T0,
  );
  return { ...m, bets: slip.bets.map((b) => b.id) };
}
const betsOf = async (ids: number[]) =>
  (await db.select().from(lotteryBets).where(inArray(lotteryBets.id, ids))).sort((a, b) => a.id - b.id);

describe('official results from the feed', () => {
  it('waits unrevealed past the draw time, ignores a malformed answer, then settles on the feed’s result', async () => {
    const m = await bettor('XSMB', [
      ['DE', ['45']],
      ['LO2', ['45']],
      ['LO2', ['02']],
    ]);
    // No house numbers, no commitment: nothing is drawn by the server.
    expect((await drawRow('XSMB')).numbers).toBe('');
    expect((await lottery.next('PORTICO', 'XSMB', T0)).commitment).toBe('');

    const after = vn('2030-01-07T18:20:00');
    expect((await engine.revealDue(after)).map((d) => d.gameCode)).not.toContain('XSMB');
    expect((await drawRow('XSMB')).status).toBe('COMMITTED');
    const menu = await lottery.menu('PORTICO', 'Lott', after);
    const mb = menu.groups.find((g) => g.tag === 'MB')!.gameMenus[0]!;
    expect(mb).toMatchObject({ results: 'OFFICIAL', awaitingIssue: ISSUE });

    // Malformed: the seventh prize has three numbers. Nothing settles; the error is recorded for operators.
    feed.body = JSON.stringify({
      date: '2030-01-07',
      results: [{ game: 'XSMB', prizes: { ...NORTH, G7: ['45', '09', '99'] } }],
    });
    expect(await results.pollFeed(after)).toEqual({ confirmed: 0, errors: 1 });
    expect((await drawRow('XSMB')).status).toBe('COMMITTED');
    expect((await betsOf(m.bets)).map((b) => b.status)).toEqual(['OPEN', 'OPEN', 'OPEN']);
    expect((await results.status()).feed).toMatchObject({ error: expect.stringContaining('G7'), okAt: null });
    // Not JSON at all, or an HTTP error: the same.
    feed.body = '<html>';
    expect((await results.pollFeed(after)).errors).toBeGreaterThan(0);
    feed.status = 503;
    expect((await results.pollFeed(after)).errors).toBeGreaterThan(0);
    feed.status = 200;
    expect((await drawRow('XSMB')).status).toBe('COMMITTED');

    feed.body = JSON.stringify({ date: '2030-01-07', results: [{ game: 'XSMB', prizes: NORTH }] });
    feed.asked = [];
    expect((await results.pollFeed(after)).confirmed).toBe(1);
    expect(feed.asked[0]).toEqual({ url: '/results?date=2030-01-07', auth: 'Bearer feed-token' });
    const draw = await drawRow('XSMB');
    expect(draw).toMatchObject({ status: 'SETTLED', source: 'FEED' });
    expect(draw.numbers.split(/[,~]/)).toEqual(typed(NORTH));
    // 10 points each: DE 45 wins 10 × 92.00; LO2 45 three hits × 10 × 95.00; LO2 02 loses.
    expect((await betsOf(m.bets)).map((b) => [b.status, Number(b.payout)])).toEqual([
      ['WON', 92_000],
      ['WON', 285_000],
      ['LOST', 0],
    ]);
    // Đề costs 1.00 a point, lô 27.00 in the North.
    expect(await balance(m.main)).toBe(100_000 - 1_000 - 2 * 27_000 + 377_000);
    expect((await lottery.opened('PORTICO', 'XSMB', 1)).list[0]).toMatchObject({ source: 'FEED', salt: '' });
    expect((await results.status()).feed).toMatchObject({ error: null, okAt: expect.any(String) });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('refuses an answer without a valid signature when the feed signs', async () => {
    const signed = httpResultsFeed({ url: feedUrl, secret: 's'.repeat(8) + randomUUID() });
    feed.body = JSON.stringify({ date: '2030-01-08', results: [] });
    await expect(signed.resultsOf('2030-01-08')).rejects.toThrow(ResultsFeedError);
    const secret = randomUUID();
    const good = httpResultsFeed({
      url: feedUrl,
      secret,
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        const body = await res.text();
        return new Response(body, { headers: { [RESULTS_SIGNATURE_HEADER]: signBody(secret, body) } });
      },
    });
    expect(await good.resultsOf('2030-01-08')).toEqual([]);
    // An answer for another day than the one asked is refused too.
    await expect(good.resultsOf('2030-01-09')).rejects.toThrow(/2030-01-08/);
  });
});

describe('operator entry (maker-checker)', () => {
  const url = `/ops/lottery/results/XSMN_HCM/${ISSUE}`;

  it('needs a second operator typing the same numbers; a mismatch names the prizes; then it settles', async () => {
    const m = await bettor('XSMN_HCM', [
      ['DE', ['56']],
      ['LO2', ['56']],
      ['LO2', ['02']],
    ]);
    clock = vn('2030-01-07T16:10:00').getTime();
    const early = await asOps(t.app, 'finance', 'POST', url, { numbers: typed(SOUTH) });
    expect(early).toMatchObject({ status: 409, body: { success: false, code: 'CONFLICT' } });
    clock = vn('2030-01-07T16:40:00').getTime();

    const short = await asOps(t.app, 'finance', 'POST', url, { numbers: typed(SOUTH).slice(1) });
    expect(short.status).toBe(400);
    expect(short.body.fields.numbers).toMatch(/18/);
    const digits = typed(SOUTH);
    digits[3] = '3333';
    expect((await asOps(t.app, 'finance', 'POST', url, { numbers: digits })).body.fields).toHaveProperty(
      'numbers.3',
    );
    expect((await asOps(t.app, 'support', 'POST', url, { numbers: typed(SOUTH) })).status).toBe(403);

    expect((await asOps(t.app, 'finance', 'POST', url, { numbers: typed(SOUTH) })).body.value).toEqual({
      state: 'PENDING',
      differs: [],
      settled: 0,
    });
    const list = await asOps(t.app, 'finance', 'GET', '/ops/lottery/results');
    const row = list.body.value.list.find((d: { gameCode: string }) => d.gameCode === 'XSMN_HCM');
    expect(row).toMatchObject({
      issue: ISSUE,
      pending: { enteredBy: 'finance', source: 'OPERATOR' },
      bets: 3,
    });
    expect(JSON.stringify(row)).not.toContain('123456');
    expect(row.prizes.map((p: { count: number }) => p.count)).toEqual([1, 1, 1, 2, 7, 1, 3, 1, 1]);

    // The maker cannot confirm their own entry.
    const own = await asOps(t.app, 'finance', 'POST', url, { numbers: typed(SOUTH) });
    expect(own).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });

    const wrong = typed({ ...SOUTH, G3: ['33333', '44445'], G8: ['65'] });
    expect((await asOps(t.app, 'admin', 'POST', url, { numbers: wrong })).body.value).toEqual({
      state: 'MISMATCH',
      differs: ['G3', 'G8'],
      settled: 0,
    });
    expect((await drawRow('XSMN_HCM')).status).toBe('COMMITTED');
    expect((await betsOf(m.bets)).every((b) => b.status === 'OPEN')).toBe(true);

    // Both enter again: the admin first this time, the finance operator checks.
    expect((await asOps(t.app, 'admin', 'POST', url, { numbers: typed(SOUTH) })).body.value.state).toBe(
      'PENDING',
    );
    const confirmed = await asOps(t.app, 'finance', 'POST', url, { numbers: typed(SOUTH) });
    expect(confirmed.body.value).toEqual({ state: 'CONFIRMED', differs: [], settled: 3 });
    expect(await drawRow('XSMN_HCM')).toMatchObject({ status: 'SETTLED', source: 'OPERATOR' });
    // 10 points each: DE 56 wins 10 × 92.00; LO2 56 DB and G8, 2 × 10 × 95.00; LO2 02 loses.
    expect((await betsOf(m.bets)).map((b) => [b.status, Number(b.payout)])).toEqual([
      ['WON', 92_000],
      ['WON', 190_000],
      ['LOST', 0],
    ]);
    // Lô costs 18.00 a point in the South.
    expect(await balance(m.main)).toBe(100_000 - 1_000 - 2 * 18_000 + 282_000);
    expect((await asOps(t.app, 'admin', 'POST', url, { numbers: typed(SOUTH) })).status).toBe(409);
    const audited = await db
      .select({ actor: auditLog.actor, action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.action, 'LOTTERY_RESULTS_%'));
    expect(audited).toEqual(
      expect.arrayContaining([
        { actor: 'ops:finance', action: 'LOTTERY_RESULTS_ENTERED' },
        { actor: 'ops:admin', action: 'LOTTERY_RESULTS_MISMATCH' },
        { actor: 'ops:finance', action: 'LOTTERY_RESULTS_CONFIRMED' },
      ]),
    );
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('races', () => {
  it('settles or voids each draw exactly once: two checks, the feed and the void job at once', async () => {
    // Both draw at 16:15: the first round's void job may void the second draw too, which then must stay voided.
    const at = new Date(vn('2030-01-07T16:15:00').getTime() + 6 * HOUR);
    const numbers = typed(SOUTH);
    const bettors = new Map<string, Awaited<ReturnType<typeof bettor>>>();
    for (const gameCode of ['XSMN_DT', 'XSMN_CM']) {
      bettors.set(
        gameCode,
        await bettor(gameCode, [
          ['DE', ['56']],
          ['LO2', ['02']],
        ]),
      );
      await results.enter(
        gameCode,
        ISSUE,
        numbers,
        { id: 101, username: 'maker' },
        vn('2030-01-07T17:00:00'),
      );
    }
    for (const gameCode of ['XSMN_DT', 'XSMN_CM']) {
      const m = bettors.get(gameCode)!;
      const draw = await drawRow(gameCode);
      const outcomes = await Promise.allSettled([
        results.enter(gameCode, ISSUE, numbers, { id: 102, username: 'checker1' }, at),
        results.enter(gameCode, ISSUE, numbers, { id: 103, username: 'checker2' }, at),
        results.voidOverdue(at),
        results.feedResult(
          draw.id,
          Object.values(SOUTH)
            .map((p) => p.join('~'))
            .join(','),
          at,
        ),
        engine.settleDrawn(at),
      ]);
      const confirmations = outcomes
        .slice(0, 2)
        .filter((o) => o.status === 'fulfilled' && (o.value as { state: string }).state === 'CONFIRMED');
      const final = await drawRow(gameCode);
      const bets = await betsOf(m.bets);
      const keys = (
        await db
          .select({ key: ledgerTransactions.idempotencyKey })
          .from(ledgerTransactions)
          .where(
            inArray(
              ledgerTransactions.idempotencyKey,
              m.bets.flatMap((id) => [`lottery-win:${id}`, `lottery-refund:${id}`]),
            ),
          )
      ).map((k) => k.key);
      if (final.status === 'VOID') {
        expect(confirmations).toHaveLength(0);
        expect(bets.map((b) => b.status)).toEqual(['REFUNDED', 'REFUNDED']);
        expect(keys.sort()).toEqual(m.bets.map((id) => `lottery-refund:${id}`).sort());
        expect(await balance(m.main)).toBe(100_000);
      } else {
        // Settled by one of the checks or the feed, never both ways.
        expect(['DRAWN', 'SETTLED']).toContain(final.status);
        expect(confirmations.length).toBeLessThanOrEqual(1);
        await engine.settleDrawn(at);
        expect((await betsOf(m.bets)).map((b) => b.status)).toEqual(['WON', 'LOST']);
        expect(keys.filter((k) => k.startsWith('lottery-refund'))).toEqual([]);
        expect(await balance(m.main)).toBe(100_000 - 1_000 - 18_000 + 92_000);
      }
      // Whatever won, a second round of everything changes nothing.
      const before = await balance(m.main);
      await Promise.allSettled([
        results.voidOverdue(at),
        results.enter(gameCode, ISSUE, numbers, { id: 104, username: 'late' }, at),
        engine.settleDrawn(at),
        engine.refundVoided(at),
      ]);
      expect(await balance(m.main)).toBe(before);
    }
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('void after the deadline', () => {
  it('voids and refunds a draw without results after 6 h; a late result changes nothing', async () => {
    const a = await bettor('XSMT_TTH', [
      ['DE', ['10']],
      ['LO2', ['20']],
    ]);
    const b = await bettor('XSMT_TTH', [['XIEN2', ['10', '20']]]);
    const drawAt = vn('2030-01-07T17:15:00').getTime();
    feed.body = JSON.stringify({ date: '2030-01-07', results: [] });
    expect(await results.voidOverdue(new Date(drawAt + 6 * HOUR - 1_000))).toEqual({
      voided: 0,
      refunded: 0,
    });

    const deadline = new Date(drawAt + 6 * HOUR);
    const [first, second] = await Promise.all([results.voidOverdue(deadline), results.voidOverdue(deadline)]);
    const voidedNow = await db.select().from(lotteryDraws).where(eq(lotteryDraws.voidedAt, deadline));
    // XSMT_TTH and every other draw of 17:15 without results (Phú Yên), each once.
    expect(voidedNow.map((d) => d.gameCode).sort()).toEqual(['XSMT_PY', 'XSMT_TTH']);
    expect(first!.voided + second!.voided).toBe(2);
    expect(first!.refunded + second!.refunded).toBe(3);
    const draw = await drawRow('XSMT_TTH');
    expect(draw.status).toBe('VOID');
    expect((await betsOf([...a.bets, ...b.bets])).map((x) => x.status)).toEqual([
      'REFUNDED',
      'REFUNDED',
      'REFUNDED',
    ]);
    expect(await balance(a.main)).toBe(100_000);
    expect(await balance(b.main)).toBe(100_000);
    const refunds = await db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, 'lottery-refund:%'));
    expect(
      refunds.filter((r) => [...a.bets, ...b.bets].some((id) => r.idempotencyKey === `lottery-refund:${id}`)),
    ).toHaveLength(3);
    const rounds = await db
      .select({ status: gameRounds.status })
      .from(gameRounds)
      .where(
        inArray(
          gameRounds.id,
          (await betsOf(a.bets)).map((x) => x.roundId),
        ),
      );
    expect(rounds.map((r) => r.status)).toEqual(['ROLLED_BACK', 'ROLLED_BACK']);
    const told = await db.select().from(messages).where(eq(messages.memberId, b.id));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(ISSUE);
    // The member's portal words it in the member's language from the template.
    expect(told[0]!).toMatchObject({ template: 'LOTTERY_REFUNDED', params: { issue: ISSUE } });
    const voidAudit = (
      await db.select().from(auditLog).where(eq(auditLog.action, 'LOTTERY_DRAW_VOIDED'))
    ).find((a) => a.subject.gameCode === 'XSMT_TTH');
    expect(voidAudit!.subject).toMatchObject({ gameCode: 'XSMT_TTH', issue: ISSUE, bets: 3 });

    // A result arriving after the void, from the feed or an operator, is ignored.
    feed.body = JSON.stringify({ date: '2030-01-07', results: [{ game: 'XSMT_TTH', prizes: SOUTH }] });
    await results.pollFeed(new Date(deadline.getTime() + 60_000));
    expect(await results.feedResult(draw.id, typed(SOUTH).join('~'), deadline)).toBe(false);
    clock = deadline.getTime() + 60_000;
    const late = await asOps(t.app, 'finance', 'POST', `/ops/lottery/results/XSMT_TTH/${ISSUE}`, {
      numbers: typed(SOUTH),
    });
    expect(late.status).toBe(409);
    expect((await drawRow('XSMT_TTH')).status).toBe('VOID');
    expect(await balance(a.main)).toBe(100_000);
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('development results and configuration', () => {
  it('a development server stands in for official results, labelled so', async () => {
    const dev = createDrawEngine(db);
    const day = vn('2030-01-09T12:00:00');
    await dev.ensureDraws(day);
    const revealed = await dev.revealDue(vn('2030-01-09T18:15:00'));
    const mb = revealed.find((d) => d.gameCode === 'XSMB')!;
    expect(mb).toMatchObject({ status: 'DRAWN', source: 'DEVELOPMENT' });
    expect(mb.numbers.split(/[,~]/)).toHaveLength(27);
    expect(revealed.find((d) => d.gameCode === 'VN1P')?.source ?? 'HOUSE').toBe('HOUSE');
  });

  it('reads PORTICO_RESULTS_*: official in production, an authenticated feed, no development there', () => {
    expect(lotteryResultsConfig({})).toMatchObject({
      mode: 'development',
      trustFeed: true,
      deadlineHours: 6,
    });
    expect(lotteryResultsConfig({ PORTICO_RESULTS_URL: 'http://127.0.0.1:9/r' }).mode).toBe('official');
    expect(lotteryResultsConfig({ PORTICO_RESULTS: 'official' }).mode).toBe('official');
    expect(lotteryResultsConfig({ NODE_ENV: 'production' }).mode).toBe('official');
    expect(() => lotteryResultsConfig({ NODE_ENV: 'production', PORTICO_RESULTS: 'development' })).toThrow(
      /PORTICO_RESULTS/,
    );
    expect(() =>
      lotteryResultsConfig({ NODE_ENV: 'production', PORTICO_RESULTS_URL: 'https://feed.example/r' }),
    ).toThrow(/PORTICO_RESULTS_TOKEN/);
    expect(() =>
      lotteryResultsConfig({
        NODE_ENV: 'production',
        PORTICO_RESULTS_URL: 'https://feed.example/r',
        PORTICO_RESULTS_SECRET: 'short',
      }),
    ).toThrow(/PORTICO_RESULTS_SECRET/);
    expect(() => lotteryResultsConfig({ PORTICO_RESULTS_TRUST: 'maybe' })).toThrow(/PORTICO_RESULTS_TRUST/);
    expect(() => lotteryResultsConfig({ PORTICO_RESULTS_DEADLINE_HOURS: '0' })).toThrow(/DEADLINE/);
    expect(
      lotteryResultsConfig({ PORTICO_RESULTS_TRUST: 'confirm', PORTICO_RESULTS_DEADLINE_HOURS: '12' }),
    ).toMatchObject({ trustFeed: false, deadlineHours: 12 });
  });
});
