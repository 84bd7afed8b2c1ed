// Bets in the last seconds before a fast lottery's sale closes (issue 29 item 4), on PGlite and on PostgreSQL:
// `--bets` slips (one line each) from `--members` members, sent at random moments of the last `--window` seconds
// before the close of a fast lottery's draw, then one more slip per member in the `--after` seconds after the close,
// and `--retries` of the slips sent a second time with the same request id (a client retrying). Then the real lottery
// job reveals the draw at its time and settles it. Prints, side by side with the targets: every slip sent before the
// close accepted, every one sent after it refused with the closed-sale error (409 CONFLICT "Betting is closed for
// this draw"), none lost or doubled (tickets and LOTTERY_BET movements against the accepted replies, retries
// answered with the first reply), p99 latency ≤ 200 ms, the draw settled ≤ 5 s after its draw time, and every wallet's
// balance equal to the sum of its entries afterwards. Figures only: nothing here fails.
//
//   npm run bench:bets [-- --members 200 --bets 2000 --window 10 --after 1 --retries 100 --only pglite|postgres
//                          --summary file.json]
//
// The server runs in this process (buildApp + listen on 127.0.0.1, as production runs it: behind one proxy hop, the
// rate limit on, each member from an address of its own; background jobs started as server/main.ts starts them), on
// a fresh database migrated and seeded like `npm start`; the members are created and credited here and each gets a
// session. The slips go out from a process of its own (this file with --as-client; fetch, keep-alive), so the
// client's timers and fetch work are not on the server's event loop. Time is the real clock: the target is the first
// fast lottery draw whose sales close at least `window` + 4 s ahead (a 1-minute lottery closes every minute), and
// the close check is the server's own. A slip is "before the close" when the client sent it before the server's lock
// time; one sent in the last milliseconds may still reach the server after the close, and is shown apart. PostgreSQL: DATABASE_URL
// when set (a fresh database is created in it and dropped after), else a throwaway cluster, else skipped. On
// PostgreSQL the bench also counts the statements the app sends (per accepted slip, and for the settlement).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { MERCHANT_HEADER } from '../contract/merchant.ts';

const MERCHANT = 'PORTICO';
const BETS_PATH = '/wps/lottery/bets';
const CLOSED = { status: 409, code: 'CONFLICT', message: 'Betting is closed for this draw' };
const P99_TARGET_MS = 200;
const SETTLE_TARGET_MS = 5_000;
/** A slip sent this close to the close may reach the server after it (loopback and parsing): refused, not a miss. */
const IN_FLIGHT_MS = 20;

/** One request the client sends: when (epoch ms), as whom, and the slip. */
interface Shot {
  at: number;
  kind: 'warmup' | 'bet' | 'late' | 'retry';
  token: string;
  body: { requestId: string; gameCode: string; issue: string; bets: object[] };
}
/** What came back. */
interface Reply {
  kind: Shot['kind'];
  requestId: string;
  memberIndex: number;
  /** Epoch ms just before the request went out, and how late that was against its plan. */
  sentAt: number;
  lagMs: number;
  latencyMs: number;
  status: number;
  code?: string;
  message?: string;
  betIds: number[];
}

/** The flag that makes this file the client process. */
const AS_CLIENT = '--as-client';

// ---- The client, in a process of its own (as 200 phones are not the server) ----
async function client() {
  const { base, shots } = await new Promise<{ base: string; shots: (Shot & { memberIndex: number })[] }>(
    (resolve) => process.once('message', resolve as (m: unknown) => void),
  );
  const replies: Reply[] = [];
  const one = async (s: Shot & { memberIndex: number }) => {
    const sentAt = Date.now();
    const t0 = performance.now();
    let status = 0;
    let json: { code?: string; message?: string; value?: { bets?: { id: number }[] } } = {};
    try {
      const res = await fetch(`${base}${BETS_PATH}`, {
        method: 'POST',
        headers: {
          [MERCHANT_HEADER]: MERCHANT,
          authorization: `Bearer ${s.token}`,
          // Each member from an address of its own, as behind the portal's proxy (TRUST_PROXY=1).
          'x-forwarded-for': `10.29.${s.memberIndex >> 8}.${s.memberIndex & 255}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(s.body),
      });
      status = res.status;
      json = (await res.json()) as typeof json;
    } catch (e) {
      // No reply at all (fetch's own timeouts, a reset): the cause says which.
      const cause =
        e instanceof Error ? (e.cause as { code?: string; message?: string } | undefined) : undefined;
      json = {
        message: `no reply: ${cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : e)}`,
      };
    }
    replies.push({
      kind: s.kind,
      requestId: s.body.requestId,
      memberIndex: s.memberIndex,
      sentAt,
      lagMs: sentAt - s.at,
      latencyMs: performance.now() - t0,
      status,
      code: json.code,
      message: json.message,
      betIds: json.value?.bets?.map((b) => b.id) ?? [],
    });
  };
  await Promise.all(
    shots.map(
      (s) =>
        new Promise<void>((resolve) => {
          setTimeout(() => void one(s).then(resolve), Math.max(0, s.at - Date.now()));
        }),
    ),
  );
  process.send!(replies, () => process.exit(0));
}

// ---- The main thread: server, database, plan, checks ----
async function main() {
  const { buildApp } = await import('../server/app.ts');
  const { migrateDatabase, openDatabase } = await import('../server/db/client.ts');
  type DatabaseSource = import('../server/db/client.ts').DatabaseSource;
  const schema = await import('../server/db/schema/index.ts');
  const { seedDatabase } = await import('../server/db/seed/index.ts');
  const { createSessionService } = await import('../server/modules/auth/sessions.ts');
  const { LOTTERIES } = await import('../server/modules/lottery/catalogue.ts');
  const { nextDraw } = await import('../server/modules/lottery/schedule.ts');
  const { createLedger } = await import('../server/modules/wallet/ledger.ts');
  const { adminUrl, cleanupStack, freshDatabase } = await import('./postgres.ts');
  const { members, lotteryBets, lotteryDraws, ledgerTransactions, gameRounds, wallets } = schema;

  const { values: args } = parseArgs({
    options: {
      members: { type: 'string', default: '200' },
      bets: { type: 'string', default: '2000' },
      window: { type: 'string', default: '10' },
      after: { type: 'string', default: '1' },
      retries: { type: 'string', default: '100' },
      only: { type: 'string' },
      summary: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (args.help) {
    console.log(
      'Usage: npm run bench:bets -- [--members n] [--bets n] [--window s] [--after s] [--retries n] ' +
        '[--only pglite|postgres] [--summary file.json]',
    );
    process.exit(0);
  }
  const count = (name: string, value: string, min = 1) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min)
      throw new Error(`--${name} must be a number ≥ ${min}, got "${value}"`);
    return n;
  };
  const memberCount = Math.round(count('members', args.members));
  const betCount = Math.round(count('bets', args.bets));
  const windowMs = count('window', args.window) * 1000;
  const afterMs = count('after', args.after, 0) * 1000;
  const retryCount = Math.min(betCount, Math.round(count('retries', args.retries, 0)));
  if (args.only && args.only !== 'pglite' && args.only !== 'postgres')
    throw new Error(`--only must be pglite or postgres, got "${args.only}"`);

  const CREDIT = 1_000_000n; // 10,000.00 each: far more than 12 slips cost, under the per-draw limit
  const cleanups = cleanupStack();

  /** Statements sent to PostgreSQL by this process (pg's client), counted around the driver. */
  let statements = 0;
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    statements += 1;
    return (pgQuery as (...x: unknown[]) => unknown).apply(this, a);
  } as typeof pg.Client.prototype.query;

  const percentile = (sorted: number[], p: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const two = () => String(Math.floor(Math.random() * 100)).padStart(2, '0');

  /** A slip line as players bet before a fast draw: mostly lô and đề, some xiên and 3 càng, a few points each. */
  function line(): object {
    const r = Math.random();
    if (r < 0.5) return { playType: 'LO2', numbers: [two()], points: 1 + Math.floor(Math.random() * 5) };
    if (r < 0.8) return { playType: 'DE', numbers: [two()], points: 1 + Math.floor(Math.random() * 50) };
    if (r < 0.95) {
      const a = two();
      let b = two();
      while (b === a) b = two();
      return { playType: 'XIEN2', numbers: [a, b], points: 1 + Math.floor(Math.random() * 10) };
    }
    return { playType: 'BA_CANG', numbers: [`${Math.floor(Math.random() * 10)}${two()}`], points: 1 };
  }

  /** The first fast-lottery draw whose sales close at least `lead` ms from now (the soonest close wins). */
  function targetDraw(lead: number) {
    const now = Date.now();
    const fast = LOTTERIES.filter((l) => l.tag === 'FAST');
    const candidates = fast.map((l) => {
      let slot = nextDraw(l, new Date(now));
      while (slot.lockAt.getTime() < now + lead) slot = nextDraw(l, slot.drawAt);
      return { lottery: l, slot };
    });
    return candidates.sort((a, b) => a.slot.lockAt.getTime() - b.slot.lockAt.getTime())[0]!;
  }

  interface BackendResult {
    backend: string;
    gameCode: string;
    issue: string;
    sent: number;
    beforeClose: number;
    warmups: number;
    acceptedBeforeClose: number;
    /** Sent before the close but refused as closed: in flight at the close (ms before it each was sent). */
    inFlightRefused: number[];
    /** Sent before the close and answered otherwise than 200 or the closed-sale error. */
    otherFailures: string[];
    afterClose: number;
    refusedAfterClose: number;
    acceptedAfterClose: number;
    retries: number;
    retriesSameReply: number;
    tickets: number;
    betMovements: number;
    lost: number;
    doubled: number;
    /** Requests that got no reply at all, and how many of those the server took all the same. */
    unanswered: number;
    takenUnanswered: number;
    acceptedAfterLock: number;
    p50: number;
    p99: number;
    maxLatency: number;
    maxLagMs: number;
    settleMs: number | null;
    settled: number;
    winMovements: number;
    wins: number;
    openRounds: number;
    breaches: number;
    conserved: boolean;
    statementsPerSlip?: number;
    settleStatements?: number;
    seedSeconds: number;
  }

  async function benchBackend(backend: string, source: DatabaseSource): Promise<BackendResult> {
    const started = Date.now();
    const database = await openDatabase(source);
    cleanups.push(() => database.close());
    await migrateDatabase(database);
    await seedDatabase(database);
    const { db } = database;
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(`${backend}: migrated and seeded in ${seedSeconds.toFixed(1)} s`);

    // Members, credited from the house's promotion account, each with a session.
    const ledger = createLedger(db);
    const sessions = createSessionService(db);
    const promo = await ledger.wallet(MERCHANT, null, 'HOUSE_PROMO');
    const tag = `b${process.pid.toString(36)}`;
    const rows = await db
      .insert(members)
      .values(
        Array.from({ length: memberCount }, (_, i) => ({
          merchantCode: MERCHANT,
          account: `${tag}m${i}`,
          nickname: `${tag}m${i}`,
          passwordHash: '-',
        })),
      )
      .returning();
    const players: { id: number; token: string }[] = [];
    for (const m of rows) {
      const main = await ledger.wallet(MERCHANT, m.id, 'MAIN');
      await ledger.post(MERCHANT, `bench:credit:${m.id}`, 'TEST_CREDIT', [
        { walletId: promo, amount: -CREDIT },
        { walletId: main, amount: CREDIT },
      ]);
      players.push({ id: m.id, token: await sessions.open(m) });
    }
    const ids = players.map((p) => p.id);

    // As production runs it: the rate limit on (its store in the database on PostgreSQL), behind one proxy hop.
    const app = await buildApp({ db, production: true, trustProxy: 1, exclusive: database.exclusive });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => app.close());
    app.jobs.start();
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    // The draw: sales closing at least the window + 6 s from now (time to start the client and warm up).
    const { lottery, slot } = targetDraw(windowMs + 6_000);
    const close = slot.lockAt.getTime();
    const drawAt = slot.drawAt.getTime();
    console.log(
      `${backend}: ${memberCount} members ready; ${lottery.code} draw ${slot.issue}: sales close in ` +
        `${((close - Date.now()) / 1000).toFixed(1)} s, draw ${(drawAt - close) / 1000} s later`,
    );

    // The plan: one warm-up slip per member in the 2 s before the window (on the same draw: JIT, connections and
    // pools warm, and counted in every check but latency), `bets` slips at random moments of the window, `retries`
    // of them again 0–300 ms later with the same request id, and one slip per member in the `after` seconds after
    // the close.
    const slip = () => ({
      requestId: randomUUID(),
      gameCode: lottery.code,
      issue: slot.issue,
      bets: [line()],
    });
    const shots: (Shot & { memberIndex: number })[] = [];
    for (let i = 0; i < betCount; i++) {
      const memberIndex = i % memberCount;
      shots.push({
        at: close - windowMs + Math.random() * windowMs,
        kind: 'bet',
        token: players[memberIndex]!.token,
        memberIndex,
        body: slip(),
      });
    }
    for (let i = 0; i < memberCount; i++)
      shots.push({
        at: close - windowMs - 2_500 + Math.random() * 2_000,
        kind: 'warmup',
        token: players[i]!.token,
        memberIndex: i,
        body: slip(),
      });
    for (const s of shots.slice(0, retryCount))
      shots.push({ ...s, kind: 'retry', at: Math.min(s.at + Math.random() * 300, close - 1) });
    for (let i = 0; i < memberCount && afterMs > 0; i++)
      shots.push({
        at: close + Math.random() * afterMs,
        kind: 'late',
        token: players[i]!.token,
        memberIndex: i,
        body: slip(),
      });

    // Wait for the window outside the client (the client's timers start when it does).
    await sleep(Math.max(0, close - windowMs - 4_000 - Date.now()));
    const statementsBefore = statements;
    const replies = await new Promise<Reply[]>((resolve, reject) => {
      // The client is this file again, in its own process (its fetch work off the server's CPU time and loop).
      const child = fork(fileURLToPath(import.meta.url), [AS_CLIENT], { execArgv: ['--import', 'tsx'] });
      child.once('message', (m) => resolve(m as Reply[]));
      child.once('error', reject);
      child.once('exit', (code) => code !== 0 && reject(new Error(`the client exited with ${code}`)));
      child.send({ base, shots });
    });
    const statementsOfSlips = statements - statementsBefore;

    // The draw and its settlement, by the app's own job at the draw time: watch the draw until it is SETTLED.
    let settleMs: number | null = null;
    const statementsAtDraw = { n: 0 };
    await sleep(Math.max(0, drawAt - Date.now() - 200));
    statementsAtDraw.n = statements;
    const watchUntil = drawAt + 120_000;
    while (Date.now() < watchUntil) {
      const [d] = await db
        .select({ status: lotteryDraws.status })
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.gameCode, lottery.code), eq(lotteryDraws.issue, slot.issue)));
      if (d?.status === 'SETTLED') {
        settleMs = Date.now() - drawAt;
        break;
      }
      await sleep(20);
    }
    // The watching polls are this bench's, not the settlement's: about one statement each, left in (a few dozen).
    const settleStatements = statements - statementsAtDraw.n;

    // ---- Checks against the database ----
    const firsts = replies.filter((r) => r.kind !== 'retry');
    const before = firsts.filter((r) => r.sentAt < close);
    const after = firsts.filter((r) => r.sentAt >= close);
    const isClosed = (r: Reply) =>
      r.status === CLOSED.status && r.code === CLOSED.code && r.message === CLOSED.message;
    // A slip is accepted when any of its replies (the first or its retry) said 200.
    const accepted = replies.filter((r) => r.status === 200 && (r.kind !== 'retry' || !firstOk(r)));
    function firstOk(r: Reply) {
      return firsts.some((f) => f.requestId === r.requestId && f.status === 200);
    }
    const acceptedIds = new Set(accepted.map((r) => r.requestId));
    const byRequest = new Map(accepted.map((r) => [r.requestId, r]));
    const unanswered = new Set(replies.filter((r) => r.status === 0).map((r) => r.requestId));
    const retries = replies.filter((r) => r.kind === 'retry');
    const retriesSameReply = retries.filter((r) => {
      const first = byRequest.get(r.requestId);
      if (r.status === 0) return false;
      return (
        (first && r.status === 200 && r.betIds.join() === first.betIds.join()) ||
        // A first slip refused (in flight at the close): its retry is refused too.
        (!first && r.status !== 200)
      );
    }).length;

    const [draw] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, lottery.code), eq(lotteryDraws.issue, slot.issue)));
    const tickets = draw
      ? await db
          .select({
            id: lotteryBets.id,
            requestId: lotteryBets.requestId,
            status: lotteryBets.status,
            createdAt: lotteryBets.createdAt,
            payout: lotteryBets.payout,
          })
          .from(lotteryBets)
          .where(and(eq(lotteryBets.drawId, draw.id), inArray(lotteryBets.memberId, ids)))
      : [];
    const perRequest = new Map<string, number>();
    for (const t of tickets) perRequest.set(t.requestId, (perRequest.get(t.requestId) ?? 0) + 1);
    const lost = [...acceptedIds].filter((id) => !perRequest.has(id)).length;
    // Taken without a 200: a defect, unless none of its requests got any reply (its answer was lost on the way).
    const orphans = [...perRequest.keys()].filter((id) => !acceptedIds.has(id));
    const takenUnanswered = orphans.filter((id) => unanswered.has(id)).length;
    const doubled =
      [...perRequest.values()].filter((n) => n > 1).length +
      orphans.length -
      takenUnanswered +
      accepted.filter((r) => r.betIds.length !== 1).length;
    const acceptedAfterLock = tickets.filter((t) => t.createdAt.getTime() >= close).length;
    const moves = await db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.merchantCode, MERCHANT),
          eq(ledgerTransactions.kind, 'LOTTERY_BET'),
          inArray(
            ledgerTransactions.idempotencyKey,
            accepted.map((r) => `lottery-bet:${players[r.memberIndex]!.id}:${r.requestId}`),
          ),
        ),
      );
    const betMovements = moves.length;
    const wins = tickets.filter((t) => (t.payout ?? 0n) > 0n);
    const winMovements = wins.length
      ? (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(ledgerTransactions)
            .where(
              and(
                eq(ledgerTransactions.kind, 'LOTTERY_WIN'),
                inArray(
                  ledgerTransactions.idempotencyKey,
                  wins.map((t) => `lottery-win:${t.id}`),
                ),
              ),
            )
        )[0]!.n
      : 0;
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameRounds)
      .where(
        and(
          inArray(gameRounds.memberId, ids),
          eq(gameRounds.status, 'OPEN'),
          like(gameRounds.roundRef, 'lottery:%'),
        ),
      );
    const breachRows = await db.execute(sql`
    select w.id from wallets w left join ledger_entries e on e.wallet_id = w.id
    group by w.id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`);
    const breaches = (breachRows as unknown as { rows: unknown[] }).rows.length;
    // Every member holds its credit less its stakes plus its wins.
    const [held] = await db
      .select({ sum: sql<string>`coalesce(sum(${wallets.balance}), 0)::text` })
      .from(wallets)
      .where(inArray(wallets.memberId, ids));
    const [staked] = await db
      .select({
        stake: sql<string>`coalesce(sum(${lotteryBets.stake}), 0)::text`,
        payout: sql<string>`coalesce(sum(${lotteryBets.payout}), 0)::text`,
      })
      .from(lotteryBets)
      .where(inArray(lotteryBets.memberId, ids));
    const conserved =
      BigInt(held!.sum) === CREDIT * BigInt(memberCount) - BigInt(staked!.stake) + BigInt(staked!.payout);

    const latencies = replies
      .filter((r) => r.kind !== 'warmup')
      .map((r) => r.latencyMs)
      .sort((a, b) => a - b);
    const result: BackendResult = {
      backend,
      gameCode: lottery.code,
      issue: slot.issue,
      sent: replies.length,
      beforeClose: before.length,
      warmups: replies.filter((r) => r.kind === 'warmup').length,
      acceptedBeforeClose: before.filter((r) => r.status === 200).length,
      inFlightRefused: before.filter(isClosed).map((r) => close - r.sentAt),
      otherFailures: before
        .filter((r) => r.status !== 200 && !isClosed(r))
        .map((r) => `${r.status} ${r.code ?? ''} ${r.message ?? ''}`.trim()),
      afterClose: after.length,
      refusedAfterClose: after.filter(isClosed).length,
      acceptedAfterClose: after.filter((r) => r.status === 200).length,
      retries: retries.length,
      retriesSameReply,
      tickets: tickets.length,
      betMovements,
      lost,
      doubled,
      unanswered: unanswered.size,
      takenUnanswered,
      acceptedAfterLock,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      maxLatency: latencies.at(-1) ?? 0,
      maxLagMs: Math.max(0, ...replies.map((r) => r.lagMs)),
      settleMs,
      settled: tickets.filter((t) => t.status !== 'OPEN').length,
      winMovements,
      wins: wins.length,
      openRounds: open!.n,
      breaches,
      conserved,
      seedSeconds,
      ...(database.kind === 'postgres' && {
        statementsPerSlip: statementsOfSlips / Math.max(1, replies.length),
        settleStatements,
      }),
    };
    await cleanups.run();
    return result;
  }

  function report(r: BackendResult): [string, string, string, string][] {
    const ok = (b: boolean) => (b ? 'ok' : 'MISS');
    const late = r.inFlightRefused;
    const inFlight = late.length
      ? `; ${late.length} refused as closed, sent ${Math.min(...late)}–${Math.max(...late)} ms before it (reached the server after it)`
      : '';
    const other = r.otherFailures.length
      ? `; ${r.otherFailures.length} other failures: ${[...new Set(r.otherFailures)].join('; ')}`
      : '';
    return [
      [
        'sent before the close, accepted',
        `${r.acceptedBeforeClose} / ${r.beforeClose} (${r.warmups} of them warm-up)${inFlight}${other}`,
        `all (those sent in its last ${IN_FLIGHT_MS} ms may reach it after)`,
        ok(r.acceptedBeforeClose === r.beforeClose - late.filter((ms) => ms <= IN_FLIGHT_MS).length),
      ],
      [
        'sent after the close, refused as closed',
        `${r.refusedAfterClose} / ${r.afterClose}${r.acceptedAfterClose ? ` (${r.acceptedAfterClose} ACCEPTED)` : ''}`,
        `all, ${CLOSED.status} ${CLOSED.code} "${CLOSED.message}"`,
        ok(r.refusedAfterClose === r.afterClose),
      ],
      [
        'tickets taken after the lock time',
        String(r.acceptedAfterLock),
        '0 (server clock)',
        ok(r.acceptedAfterLock === 0),
      ],
      [
        'tickets / LOTTERY_BET movements',
        `${r.tickets} / ${r.betMovements}; lost ${r.lost}, doubled ${r.doubled}` +
          (r.unanswered
            ? `; ${r.unanswered} requests got no reply (${r.takenUnanswered} of them taken)`
            : ''),
        `${r.acceptedBeforeClose + r.acceptedAfterClose} accepted replies, 0 lost, 0 doubled`,
        ok(r.lost === 0 && r.doubled === 0 && r.tickets === r.betMovements),
      ],
      [
        'retries answered with the first reply',
        `${r.retriesSameReply} / ${r.retries}`,
        'all',
        ok(r.retriesSameReply === r.retries),
      ],
      [
        'latency of a slip',
        `p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, max ${r.maxLatency.toFixed(0)} ms (client timer lag ≤ ${r.maxLagMs} ms)`,
        `p99 ≤ ${P99_TARGET_MS} ms`,
        ok(r.p99 <= P99_TARGET_MS),
      ],
      [
        'draw settled after its draw time',
        r.settleMs === null
          ? 'not within 120 s'
          : `${(r.settleMs / 1000).toFixed(2)} s (${r.settled} tickets, ${r.wins} won)`,
        `≤ ${SETTLE_TARGET_MS / 1000} s`,
        ok(r.settleMs !== null && r.settleMs <= SETTLE_TARGET_MS && r.settled === r.tickets),
      ],
      [
        'after settlement: wins paid / rounds open',
        `${r.winMovements} LOTTERY_WIN for ${r.wins} won; ${r.openRounds} rounds open`,
        'one per won ticket; 0 open',
        ok(r.winMovements === r.wins && r.openRounds === 0),
      ],
      [
        'balances = entries; money conserved',
        `${r.breaches} wallets off; members ${r.conserved ? 'conserved' : 'DRIFT'}`,
        '0; conserved',
        ok(r.breaches === 0 && r.conserved),
      ],
      ...(r.statementsPerSlip !== undefined
        ? ([
            [
              'statements sent (PostgreSQL)',
              `${r.statementsPerSlip.toFixed(1)} per slip; settlement ${r.settleStatements}`,
              'count (load-free)',
              '—',
            ],
          ] as [string, string, string, string][])
        : []),
    ];
  }

  // ---- Main ----
  console.log(
    `Bets before the close: ${betCount} slips from ${memberCount} members in the last ${windowMs / 1000} s of a fast ` +
      `lottery's sale, ${retryCount} retried, ${afterMs > 0 ? memberCount : 0} after the close; Node ${process.version}, ` +
      `${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const results: BackendResult[] = [];
  const skipped: string[] = [];
  try {
    if (args.only !== 'postgres') {
      const dir = mkdtempSync(join(tmpdir(), 'portico-bench-bets-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      results.push(await benchBackend('PGlite', { kind: 'pglite', dataDir: dir }));
    }
    if (args.only !== 'pglite') {
      const admin = await adminUrl(cleanups, 100);
      if (!admin.url) skipped.push(`PostgreSQL skipped: ${admin.why}`);
      else {
        const url = await freshDatabase(admin.url, `portico_bench_bets_${process.pid}`, cleanups);
        results.push(await benchBackend('PostgreSQL', { kind: 'postgres', url }));
      }
    }
  } finally {
    await cleanups.run();
  }

  for (const r of results) {
    const rows = report(r);
    const header = ['check', 'figure', 'target', 'verdict'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i]!.length)));
    const fmt = (c: string[]) => c.map((v, i) => v.padEnd(widths[i]!)).join('  ');
    console.log(`\n${r.backend}: ${r.gameCode} draw ${r.issue}, ${r.sent} requests`);
    console.log(`${fmt(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const c of rows) console.log(fmt(c));
  }
  for (const s of skipped) console.log(s);
  console.log(
    `Load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (args.summary) writeFileSync(args.summary, JSON.stringify({ results, skipped }, null, 2));
  // The client and the pools are closed; the scheduler's timers are unref'd: end here rather than wait on strays.
  process.exit(0);
}

if (process.argv.includes(AS_CLIENT)) await client();
else await main();
