import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyCall, errorEnvelope, LAUNCH_TOKEN_HEADER } from '../../contract/call.ts';
import { favourites, games, members, vendors } from '../db/schema/index.ts';
import { createSessionService } from '../modules/auth/sessions.ts';
import { LOTTERIES } from '../modules/lottery/catalogue.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { inhouseGames, launchToken } from '../test/play.ts';
import type { Hints } from './arbitraries.ts';
import { callerOf, contractCalls, type NamedCall } from './calls.ts';
import { report } from './report.ts';
import {
  controlRequest,
  hostileRequest,
  type Input,
  passesSchemas,
  toInject,
  validRequest,
} from './requests.ts';
import { type WriteWatch, writeWatch } from './writes.ts';

/**
 * Every call of the contract, fuzzed from its own zod schemas (fast-check, fixed seeds): inputs that follow the
 * schema and inputs broken in one place, sent with the credentials the call takes. Never a 5xx; every 4xx is the
 * error envelope; a 4xx writes nothing (see writes.ts for how a write is seen).
 */

/** Calls not fuzzed here, and why. A call neither fuzzed nor listed fails the first test. */
const SKIPPED: Record<string, string> = {
  'promotions.applyPromotion': 'multipart upload: its bad forms are tested in promotions/apply.test.ts',
  'payments.reportNotReceived': 'multipart upload: its bad forms are tested in payments/payments.test.ts',
  'payments.demoGatewayCallback': 'signed by the gateway (HMAC header): an unsigned body is refused unread',
  'seamless.seamlessBalance': 'signed vendor call (seamless wallet), off unless a seamless secret is set',
  'seamless.seamlessBet': 'signed vendor call (seamless wallet), off unless a seamless secret is set',
  'seamless.seamlessWin': 'signed vendor call (seamless wallet), off unless a seamless secret is set',
  'seamless.seamlessRollback': 'signed vendor call (seamless wallet), off unless a seamless secret is set',
  'backoffice.opsLogout': 'ends the operator session it is sent with; the environment token has none to end',
  'opsEvents.opsEvents':
    'a stream that stays open while it is valid (server-sent events): its bad input, scope and cap are tested in opsEvents/events.test.ts',
};

/**
 * What a refusal may write by design, by table: the calls allowed to and why. Anything else written on a 4xx fails.
 */
const WRITTEN_ON_REFUSAL: Record<string, { calls: readonly string[]; why: string }> = {
  login_failures: {
    calls: ['auth.login'],
    why: 'a failed login is counted: after three the next needs a captcha (spec §4)',
  },
  audit_log: {
    calls: ['auth.login', 'backoffice.opsLogin'],
    why: 'a refused login, a member’s or an operator’s, is audited (name, address): an auditor reads who tried',
  },
  audit_pending: {
    calls: ['auth.login', 'backoffice.opsLogin'],
    why: 'the refused login’s audit row waits there for the chain’s next pass',
  },
  audit_chain: {
    calls: ['auth.login', 'backoffice.opsLogin'],
    why: 'the chain’s pass links the refused login’s audit row',
  },
  password_resets: {
    calls: ['member.resetPassword'],
    why: 'a wrong forgot-password code counts against the code: 5 wrong tries end it',
  },
  point_accounts: {
    calls: ['points.convertPoints'],
    why: 'converting first opens the account and books the points earned by settled bets since, on its own',
  },
  wallets: {
    calls: ['payments.walletTransfer'],
    why: 'a vendor wallet is opened empty the first time it is named; no money moves',
  },
};
const mayWrite = (call: string, table: string) => WRITTEN_ON_REFUSAL[table]?.calls.includes(call) ?? false;

const RUNS = { valid: 8, hostile: 12, control: 3 };
const OPS = 'ops-token-for-fuzz';
// Visitors, then members and agents, then operators: an operator's valid-ish call (a merchant's maintenance, a
// locked member) must not hide the member calls' own behaviour.
const ORDER = ['visitor', 'member', 'agent', 'launch', 'ops'] as const;
const fuzzed = contractCalls
  .filter((c) => !(c.name in SKIPPED))
  .sort((a, b) => ORDER.indexOf(callerOf(a.call)) - ORDER.indexOf(callerOf(b.call)));

let t: TestApp;
let watch: WriteWatch;
let hints: Hints;
let credentials: (c: AnyCall) => Promise<Record<string, string>>;
const totals = {
  requests: 0,
  serverErrors: 0,
  badEnvelopes: 0,
  writesOn4xx: 0,
  passedSchemas: 0,
  controlsPassed: 0,
};
/** A control character anywhere is a 400 naming its field, whatever the call (server/http/controls.ts). */
const refusesControl = (res: { statusCode: number; body: string }, field: string) => {
  if (res.statusCode !== 400) return false;
  const body = errorEnvelope.safeParse(JSON.parse(res.body));
  return body.success && body.data.code === 'VALIDATION' && field in (body.data.fields ?? {});
};

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  const { db } = t.database;
  const account = async (name: string) =>
    (
      await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, 'PORTICO'), eq(members.account, name)))
    )[0]!;
  const [player, agent] = [await account('player01'), await account('agent01')];
  const sessions = createSessionService(db);
  const { dice, slot, rng } = await inhouseGames(db);
  const launches = async (path: string) =>
    launchToken(db, {
      memberId: player.id,
      nodeId: path.startsWith('/vendor-demo')
        ? rng.nodeId
        : path.includes('slot')
          ? slot.nodeId
          : dice.nodeId,
    });
  credentials = async (c): Promise<Record<string, string>> => {
    const caller = callerOf(c);
    // A fresh session per call: a call that ends its session (logout) or locks its member leaves the next alone.
    if (caller === 'member') return { authorization: `Bearer ${await sessions.open(player)}` };
    if (caller === 'agent') return { authorization: `Bearer ${await sessions.open(agent)}` };
    if (caller === 'launch') return { [LAUNCH_TOKEN_HEADER]: await launches(c.path) };
    if (caller === 'ops') return { authorization: `Bearer ${OPS}` };
    return {};
  };
  // In a fixed order, so that a seed always draws the same values (PostgreSQL and PGlite alike).
  const seededGames = await db
    .select()
    .from(games)
    .where(eq(games.merchantCode, 'PORTICO'))
    .orderBy(games.nodeId)
    .limit(8);
  const seededVendors = await db
    .select()
    .from(vendors)
    .where(eq(vendors.merchantCode, 'PORTICO'))
    .orderBy(vendors.vassalage, vendors.gameType)
    .limit(8);
  hints = {
    code: fc.constantFrom('LOTUS', 'PORTICO'),
    merchantCode: fc.constantFrom('LOTUS', 'PORTICO'),
    vendor: fc.constantFrom(...seededVendors.map((v) => v.vassalage)),
    vassalage: fc.constantFrom(...seededVendors.map((v) => v.vassalage)),
    nodeId: fc.constantFrom(dice.nodeId, slot.nodeId, rng.nodeId, ...seededGames.map((g) => g.nodeId)),
    gameCode: fc.constantFrom(...LOTTERIES.map((l) => l.code)),
    username: fc.constantFrom('player01', 'vip01', 'agent01', 'admin'),
    account: fc.constantFrom('player01', 'vip01', 'agent01'),
    password: fc.constantFrom('Player123', 'Admin12345'),
    // Dice: a target both directions take (a refinement the schema walk cannot see).
    target: fc.integer({ min: 400, max: 9_600 }),
  };
  watch = await writeWatch(db);
});

afterAll(async () => {
  report(
    `fuzz: ${fuzzed.length} calls, ${totals.requests} requests (${totals.passedSchemas} past the schemas), ` +
      `${totals.serverErrors} server errors, ${totals.badEnvelopes} 4xx without the envelope, ` +
      `${totals.writesOn4xx} writes on 4xx, ${totals.controlsPassed} control characters let through; ` +
      `${Object.keys(SKIPPED).length} calls skipped`,
  );
  await t?.close();
});

describe('contract fuzzing', () => {
  it('fuzzes every call of the contract or names why not', () => {
    const names = contractCalls.map((c) => c.name);
    expect(Object.keys(SKIPPED).filter((n) => !names.includes(n))).toEqual([]);
    expect(fuzzed.length + Object.keys(SKIPPED).length).toBe(contractCalls.length);
    expect(fuzzed.length).toBeGreaterThan(100);
  });

  it('sees a write: an insert, an update, a delete, and nothing when nothing is written', async () => {
    const { db } = t.database;
    const [row] = await db.select().from(members).where(eq(members.account, 'vip01')).limit(1);
    let mark = await watch.mark();
    expect(await watch.writtenSince(mark)).toEqual({});
    mark = await watch.mark();
    await db.update(members).set({ nickname: row!.nickname }).where(eq(members.id, row!.id));
    expect(Object.keys(await watch.writtenSince(mark))).toEqual(['members']);
    mark = await watch.mark();
    await db.insert(favourites).values({ merchantCode: 'PORTICO', memberId: row!.id, nodeId: 'watch-test' });
    expect(Object.keys(await watch.writtenSince(mark))).toEqual(['favourites']);
    mark = await watch.mark();
    await db.delete(favourites).where(eq(favourites.nodeId, 'watch-test'));
    expect(await watch.writtenSince(mark)).toEqual({ favourites: '1 row(s) deleted' });
  });

  const seedOf = (name: string) => [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 7);
  let ip = 0;

  it.each(fuzzed.map((c) => [c.name, c] as const))('%s', async (_name, { name, call }: NamedCall) => {
    const seed = seedOf(name);
    const inputs: Input[] = [
      ...fc.sample(validRequest(call, hints), { seed, numRuns: RUNS.valid }),
      ...fc.sample(hostileRequest(call, hints), { seed: seed + 1, numRuns: RUNS.hostile }),
      ...fc.sample(controlRequest(call, hints), { seed: seed + 2, numRuns: RUNS.control }),
    ];
    const auth = await credentials(call);
    const problems: string[] = [];
    let passed = 0;
    for (const input of inputs) {
      if (passesSchemas(call, input)) passed += 1;
      ip += 1;
      const request = toInject(call, input, {
        merchant: 'PORTICO',
        'x-forwarded-for': `10.66.${(ip >> 8) & 255}.${ip & 255}`,
        ...auth,
      });
      const mark = await watch.mark();
      const res = await t.app.inject(request);
      const written = await watch.writtenSince(mark);
      totals.requests += 1;
      const what = `${res.statusCode} ${request.method} ${String(request.url).slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)}`;
      if (input.controlAt !== undefined && !refusesControl(res, input.controlAt)) {
        totals.controlsPassed += 1;
        problems.push(
          `control character in ${input.controlAt} not refused: ${what} → ${res.body.slice(0, 200)}`,
        );
      }
      if (res.statusCode >= 500) {
        totals.serverErrors += 1;
        problems.push(`server error: ${what} → ${res.body.slice(0, 200)}`);
      } else if (res.statusCode >= 400) {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = res.body;
        }
        if (!errorEnvelope.safeParse(body).success) {
          totals.badEnvelopes += 1;
          problems.push(`not the envelope: ${what} → ${res.body.slice(0, 200)}`);
        }
        const unexpected = Object.entries(written).filter(([table]) => !mayWrite(name, table));
        if (unexpected.length > 0) {
          totals.writesOn4xx += 1;
          problems.push(`wrote on a refusal: ${what} → ${JSON.stringify(Object.fromEntries(unexpected))}`);
        }
      }
    }
    totals.passedSchemas += passed;
    expect(problems).toEqual([]);
    // The valid-ish inputs reach the handler, not only the schema's refusal.
    expect(passed, 'inputs that pass the schemas').toBeGreaterThan(0);
  });
});
