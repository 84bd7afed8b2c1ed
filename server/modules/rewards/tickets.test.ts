import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, ledgerTransactions, rewardTickets } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { TICKET_RULES } from './rules.ts';
import { createTicketService } from './tickets.ts';

const OPS = 'ops-secret-for-ticket-tests';
const TICKETS = '/wps/reward/tickets';
const OPEN = '/wps/reward/openTicket';
const DAY = 86_400_000;

/** The draw every opening sees: `rigged(max)`; tests set it to pick a segment or an amount. */
let rigged: (max: number) => number = () => 0;
let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let service: ReturnType<typeof createTicketService>;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS, gameRandom: (max) => rigged(max) });
  db = t.database.db;
  api = client(t.app);
  service = createTicketService(db, {
    ledger: createLedger(db),
    audit: createAuditLog(db),
    rules: createRulesStore(db),
    random: (max) => rigged(max),
  });
});
afterAll(() => t.close());

const balanceOf = async (token: string) =>
  (await api.send('GET', '/wps/v2/wallets/balance', undefined, token)).body.value.sumBalance as number;
const open = (token: string, body: object) => api.send('POST', OPEN, body, token);
const prizeTransactions = (ticketId: number) =>
  db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.merchantCode, 'PORTICO'),
        eq(ledgerTransactions.idempotencyKey, `ticket:${ticketId}`),
      ),
    );

describe('awarding', () => {
  it('gives one ticket per source event, with the type’s expiry, and audits it once', async () => {
    const m = await memberWithToken(db, 'rw_award', 0n);
    const before = Date.now();
    const a = await service.awardTicket('PORTICO', m.id, 'PRIZE_WHEEL', 'DEPOSIT', 'order-1');
    const again = await service.awardTicket('PORTICO', m.id, 'PRIZE_WHEEL', 'DEPOSIT', 'order-1');
    const other = await service.awardTicket('PORTICO', m.id, 'GOLDEN_EGG', 'DEPOSIT', 'order-2');
    expect(again).toEqual(a);
    expect(other.id).not.toBe(a.id);
    expect(a).toMatchObject({ type: 'PRIZE_WHEEL', source: 'DEPOSIT', status: 'AVAILABLE', prize: null });
    const days = TICKET_RULES.defaults.PRIZE_WHEEL.expiryDays;
    expect(Date.parse(a.expiresAt) - before).toBeGreaterThanOrEqual(days * DAY - 1000);
    expect(Date.parse(a.expiresAt) - before).toBeLessThan(days * DAY + 60_000);
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'TICKET_AWARD'), sql`${auditLog.subject}->>'memberId' = ${String(m.id)}`),
      );
    expect(audits).toHaveLength(2);
  });

  it('awards concurrently for the same event only once', async () => {
    const m = await memberWithToken(db, 'rw_award_race', 0n);
    const all = await Promise.all(
      Array.from({ length: 5 }, () => service.awardTicket('PORTICO', m.id, 'RED_ENVELOPE', 'MISSION', 'm-1')),
    );
    expect(new Set(all.map((x) => x.id)).size).toBe(1);
    expect(await db.$count(rewardTickets, eq(rewardTickets.memberId, m.id))).toBe(1);
  });

  it('lets an operator award by account (token required, unknown account 404, bad type 400)', async () => {
    const m = await memberWithToken(db, 'rw_ops', 0n);
    const send = (body: object, token = OPS) =>
      t.app.inject({
        method: 'POST',
        url: '/ops/merchants/PORTICO/tickets',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
    const ok = await send({ account: 'rw_ops', type: 'GOLDEN_EGG' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.ticket).toMatchObject({ type: 'GOLDEN_EGG', source: 'OPS', status: 'AVAILABLE' });
    expect((await send({ account: 'rw_ops', type: 'GOLDEN_EGG' })).statusCode).toBe(200);
    expect(await db.$count(rewardTickets, eq(rewardTickets.memberId, m.id))).toBe(2);
    expect((await send({ account: 'nobody_here', type: 'GOLDEN_EGG' })).statusCode).toBe(404);
    expect((await send({ account: 'rw_ops', type: 'SCRATCH_CARD' })).statusCode).toBe(400);
    expect((await send({ account: 'rw_ops', type: 'GOLDEN_EGG' }, 'wrong')).statusCode).toBe(401);
  });
});

describe('listing', () => {
  it('shows the member’s tickets with derived expiry, counts per status and a status filter', async () => {
    const m = await memberWithToken(db, 'rw_list', 0n);
    const other = await memberWithToken(db, 'rw_list_other', 0n);
    const a = await service.awardTicket('PORTICO', m.id, 'RED_ENVELOPE', 'T', '1');
    const b = await service.awardTicket('PORTICO', m.id, 'PRIZE_WHEEL', 'T', '2');
    await service.awardTicket('PORTICO', m.id, 'GOLDEN_EGG', 'T', '3');
    await service.awardTicket('PORTICO', other.id, 'GOLDEN_EGG', 'T', '1');
    await db
      .update(rewardTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rewardTickets.id, a.id));
    rigged = () => 0;
    expect((await open(m.token, { ticketId: b.id })).status).toBe(200);

    const all = await api.send('GET', TICKETS, undefined, m.token);
    expect(all.status).toBe(200);
    expect(all.body.value.counts).toEqual({ AVAILABLE: 1, OPENED: 1, EXPIRED: 1 });
    expect(all.body.value.list.map((x: { type: string }) => x.type)).toEqual([
      'GOLDEN_EGG',
      'PRIZE_WHEEL',
      'RED_ENVELOPE',
    ]);
    const expired = await api.send('GET', `${TICKETS}?status=EXPIRED`, undefined, m.token);
    expect(expired.body.value.list).toEqual([expect.objectContaining({ id: a.id, status: 'EXPIRED' })]);
    const opened = await api.send('GET', `${TICKETS}?status=OPENED&pageSize=1`, undefined, m.token);
    expect(opened.body.value).toMatchObject({
      totalPages: 1,
      list: [{ id: b.id, prize: 100, prizeIndex: 0 }],
    });
    expect((await api.send('GET', `${TICKETS}?status=LOST`, undefined, m.token)).status).toBe(400);
    expect((await api.send('GET', TICKETS)).status).toBe(401);
  });

  it('has demo tickets in every state for the demo player, without touching its opening balance', async () => {
    const { token } = (await api.login('player01', 'Player123')).body.value;
    const res = await api.send('GET', TICKETS, undefined, token);
    expect(res.body.value.counts).toEqual({ AVAILABLE: 6, OPENED: 1, EXPIRED: 1 });
    expect(await balanceOf(token)).toBe(100_000);
  });

  it('answers the merchant’s prize tables (amounts only), an operator’s change included', async () => {
    const m = await memberWithToken(db, 'rw_tables', 0n, { merchantCode: 'LOTUS' });
    await createRulesStore(db).set('LOTUS', TICKET_RULES, {
      ...TICKET_RULES.defaults,
      RED_ENVELOPE: { min: 500, max: 500, expiryDays: 3 },
    });
    const lotus = client(t.app, 'LOTUS');
    const res = await lotus.send('GET', '/wps/reward/prizes', undefined, m.token);
    expect(res.body.value).toEqual({
      RED_ENVELOPE: { min: 500, max: 500 },
      PRIZE_WHEEL: { segments: TICKET_RULES.defaults.PRIZE_WHEEL.segments.map((s) => s.amount) },
      GOLDEN_EGG: { prizes: TICKET_RULES.defaults.GOLDEN_EGG.prizes.map((p) => p.amount) },
    });
    const ticket = await service.awardTicket('LOTUS', m.id, 'RED_ENVELOPE', 'T', '1');
    expect(Date.parse(ticket.expiresAt) - Date.parse(ticket.createdAt)).toBe(3 * DAY);
    rigged = (max) => max - 1;
    const opened = await lotus.send('POST', OPEN, { ticketId: ticket.id }, m.token);
    expect(opened.body.value).toMatchObject({ prize: 500, balance: 500 });
  });
});

describe('opening', () => {
  it('pays a red envelope within its range, from the promotion wallet, with an audit record', async () => {
    const m = await memberWithToken(db, 'rw_red', 1_000n);
    const ticket = await service.awardTicket('PORTICO', m.id, 'RED_ENVELOPE', 'T', '1');
    const { min, max } = TICKET_RULES.defaults.RED_ENVELOPE;
    let asked = 0;
    rigged = (n) => {
      asked = n;
      return n - 1;
    };
    const res = await open(m.token, { ticketId: ticket.id });
    expect(res.status).toBe(200);
    expect(asked).toBe(max - min + 1);
    expect(res.body.value).toMatchObject({
      prize: max,
      prizeIndex: null,
      balance: 1_000 + max,
      ticket: { id: ticket.id, status: 'OPENED', prize: max },
    });
    const [paid] = await prizeTransactions(ticket.id);
    expect(paid).toMatchObject({ kind: 'TICKET_PRIZE' });
    const [row] = await db.select().from(rewardTickets).where(eq(rewardTickets.id, ticket.id));
    expect(row!.ledgerTransactionId).toBe(paid!.id);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, `member:${m.id}`), eq(auditLog.action, 'TICKET_OPEN')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.subject).toMatchObject({ ticketId: ticket.id, prize: String(max) });
  });

  it('spins the wheel to a segment of the table and answers its index', async () => {
    const m = await memberWithToken(db, 'rw_wheel', 0n);
    const segments = TICKET_RULES.defaults.PRIZE_WHEEL.segments;
    const total = segments.reduce((s, x) => s + x.weight, 0);
    // A draw just past the first two weights lands on the third segment.
    rigged = (n) => {
      expect(n).toBe(total);
      return segments[0]!.weight + segments[1]!.weight;
    };
    const ticket = await service.awardTicket('PORTICO', m.id, 'PRIZE_WHEEL', 'T', '1');
    const res = await open(m.token, { ticketId: ticket.id });
    expect(res.body.value).toMatchObject({ prize: segments[2]!.amount, prizeIndex: 2 });
    expect(await balanceOf(m.token)).toBe(segments[2]!.amount);
  });

  it('breaks the chosen golden egg; an egg must be chosen, one of three', async () => {
    const m = await memberWithToken(db, 'rw_egg', 0n);
    const ticket = await service.awardTicket('PORTICO', m.id, 'GOLDEN_EGG', 'T', '1');
    const none = await open(m.token, { ticketId: ticket.id });
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('choice');
    expect((await open(m.token, { ticketId: ticket.id, choice: 3 })).status).toBe(400);
    expect((await open(m.token, { ticketId: ticket.id, choice: -1 })).status).toBe(400);
    rigged = (n) => n - 1;
    const res = await open(m.token, { ticketId: ticket.id, choice: 1 });
    const prizes = TICKET_RULES.defaults.GOLDEN_EGG.prizes;
    expect(res.body.value).toMatchObject({ prize: prizes.at(-1)!.amount, prizeIndex: 1 });
    expect(await prizeTransactions(ticket.id)).toHaveLength(1);
  });

  it('pays once when opened ten times at once, every answer the same prize; the ledger stays whole', async () => {
    const m = await memberWithToken(db, 'rw_race', 0n);
    const ticket = await service.awardTicket('PORTICO', m.id, 'PRIZE_WHEEL', 'T', '1');
    let draws = 0;
    // Each racing opening would draw a different segment: only the first payment may count.
    rigged = (n) => (draws++ * 37) % n;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => open(m.token, { ticketId: ticket.id })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const prizes = new Set(replies.map((r) => `${r.body.value.prize}/${r.body.value.prizeIndex}`));
    expect(prizes.size).toBe(1);
    const prize = replies[0]!.body.value.prize as number;
    expect(await balanceOf(m.token)).toBe(prize);
    expect(await prizeTransactions(ticket.id)).toHaveLength(1);
    const again = await open(m.token, { ticketId: ticket.id });
    expect(again.body.value).toMatchObject({ prize, balance: prize, ticket: { status: 'OPENED' } });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('refuses an expired ticket with a clear message and pays nothing', async () => {
    const m = await memberWithToken(db, 'rw_expired', 0n);
    const ticket = await service.awardTicket('PORTICO', m.id, 'RED_ENVELOPE', 'T', '1');
    await db
      .update(rewardTickets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(rewardTickets.id, ticket.id));
    const res = await open(m.token, { ticketId: ticket.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: expect.stringMatching(/expired/),
    });
    expect(await prizeTransactions(ticket.id)).toHaveLength(0);
    expect(await balanceOf(m.token)).toBe(0);
  });

  it('hides another member’s ticket (404) and refuses bad ids (400)', async () => {
    const owner = await memberWithToken(db, 'rw_owner', 0n);
    const thief = await memberWithToken(db, 'rw_thief', 0n);
    const ticket = await service.awardTicket('PORTICO', owner.id, 'RED_ENVELOPE', 'T', '1');
    const stolen = await open(thief.token, { ticketId: ticket.id });
    expect(stolen.status).toBe(404);
    const lotus = await memberWithToken(db, 'rw_lotus', 0n, { merchantCode: 'LOTUS' });
    expect(
      (await client(t.app, 'LOTUS').send('POST', OPEN, { ticketId: ticket.id }, lotus.token)).status,
    ).toBe(404);
    expect((await open(owner.token, { ticketId: 9_000_000_000 })).status).toBe(404);
    for (const ticketId of [0, -4, 1.5, 'abc', null, 2 ** 60])
      expect((await open(owner.token, { ticketId })).status).toBe(400);
    expect((await open(owner.token, {})).status).toBe(400);
    expect(await prizeTransactions(ticket.id)).toHaveLength(0);
    expect((await api.send('POST', OPEN, { ticketId: ticket.id })).status).toBe(401);
  });
});
