import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_TIME_ZONE } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger, type Ledger } from '../wallet/ledger.ts';
import { createTicketService } from './tickets.ts';

const BONUS = '/wps/bonus/details';

let t: TestApp;
let db: Db;
let ledger: Ledger;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp({ gameRandom: () => 0 });
  db = t.database.db;
  ledger = createLedger(db);
  api = client(t.app);
});
afterAll(() => t.close());

let n = 0;
/** A credit of `kind` to the member's main wallet from the promotion wallet, booked at `at`. */
async function credit(memberId: number, kind: string, amount: number, at: string, remark?: string) {
  n += 1;
  const promo = await ledger.wallet('PORTICO', null, 'HOUSE_PROMO');
  const main = await ledger.wallet('PORTICO', memberId, 'MAIN');
  const posted = await ledger.post(
    'PORTICO',
    `bonus-test:${n}`,
    kind,
    [
      { walletId: promo, amount: BigInt(-amount) },
      { walletId: main, amount: BigInt(amount) },
    ],
    remark ? { remark } : {},
  );
  await db
    .update(ledgerEntries)
    .set({ createdAt: new Date(at) })
    .where(eq(ledgerEntries.transactionId, posted.transactionId));
}

const details = (token: string, query: Record<string, string | number>) =>
  api.send(
    'GET',
    `${BONUS}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    undefined,
    token,
  );

describe('bonus details', () => {
  it('lists only bonus credits of the member in the range (merchant days), with the range’s total', async () => {
    const m = await memberWithToken(db, 'bd_member', 0n);
    const other = await memberWithToken(db, 'bd_other', 0n);
    // The merchant counts days at UTC+7: 2030-03-01 17:30Z is already March 2nd there.
    await credit(m.id, 'TICKET_PRIZE', 500, '2030-03-01T10:00:00Z', 'RED_ENVELOPE');
    await credit(m.id, 'MISSION_REWARD', 1_000, '2030-03-01T17:30:00Z', 'DAILY_LOGIN');
    await credit(m.id, 'REBATE', 250, '2030-03-03T09:00:00Z');
    await credit(m.id, 'REFERRAL_BONUS', 2_000, '2030-03-04T09:00:00Z');
    await credit(m.id, 'DEPOSIT_CREDIT', 90_000, '2030-03-02T09:00:00Z');
    await credit(m.id, 'TICKET_PRIZE', 700, '2030-02-20T09:00:00Z');
    await credit(other.id, 'TICKET_PRIZE', 9_999, '2030-03-02T09:00:00Z');

    const res = await details(m.token, { from: '2030-03-02', to: '2030-03-04' });
    expect(res.status).toBe(200);
    expect(res.body.value.total).toBe(3_250);
    expect(res.body.value.totalPages).toBe(1);
    expect(
      res.body.value.list.map((r: { kind: string; amount: number; remark: string | null }) => r),
    ).toEqual([
      expect.objectContaining({ kind: 'REFERRAL_BONUS', amount: 2_000, remark: null }),
      expect.objectContaining({ kind: 'REBATE', amount: 250 }),
      expect.objectContaining({ kind: 'MISSION_REWARD', amount: 1_000, remark: 'DAILY_LOGIN' }),
    ]);

    const march1 = await details(m.token, { from: '2030-03-01', to: '2030-03-01' });
    expect(march1.body.value).toMatchObject({
      total: 500,
      list: [{ kind: 'TICKET_PRIZE', remark: 'RED_ENVELOPE' }],
    });

    const tickets = await details(m.token, { from: '2030-02-01', to: '2030-03-31', type: 'TICKET_PRIZE' });
    expect(tickets.body.value.total).toBe(1_200);
    expect(tickets.body.value.list.every((r: { kind: string }) => r.kind === 'TICKET_PRIZE')).toBe(true);

    const theirs = await details(other.token, { from: '2030-02-01', to: '2030-03-31' });
    expect(theirs.body.value).toMatchObject({ total: 9_999, list: [{ amount: 9_999 }] });
  });

  it('pages the list while the total covers the whole range', async () => {
    const m = await memberWithToken(db, 'bd_pages', 0n);
    for (let i = 1; i <= 5; i += 1) await credit(m.id, 'REBATE', i * 100, `2030-05-0${i}T05:00:00Z`);
    const page2 = await details(m.token, { from: '2030-05-01', to: '2030-05-31', pageNo: 2, pageSize: 2 });
    expect(page2.body.value).toMatchObject({ total: 1_500, totalPages: 3 });
    expect(page2.body.value.list.map((r: { amount: number }) => r.amount)).toEqual([300, 200]);
  });

  it('includes an opened ticket’s prize as it is paid', async () => {
    const m = await memberWithToken(db, 'bd_ticket', 0n);
    const tickets = createTicketService(db, {
      ledger,
      audit: createAuditLog(db),
      rules: createRulesStore(db),
      random: () => 0,
    });
    const ticket = await tickets.awardTicket('PORTICO', m.id, 'GOLDEN_EGG', 'T', '1');
    await api.send('POST', '/wps/reward/openTicket', { ticketId: ticket.id, choice: 2 }, m.token);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: MERCHANT_TIME_ZONE }).format(new Date());
    const res = await details(m.token, { from: today, to: today });
    expect(res.body.value.list).toEqual([
      expect.objectContaining({ kind: 'TICKET_PRIZE', amount: 200, remark: 'GOLDEN_EGG' }),
    ]);
  });

  it('refuses bad ranges and types with a 400, and visitors with a 401', async () => {
    const m = await memberWithToken(db, 'bd_bad', 0n);
    const reversed = await details(m.token, { from: '2030-03-05', to: '2030-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toHaveProperty('to');
    expect((await details(m.token, { from: 'yesterday', to: '2030-03-01' })).status).toBe(400);
    expect((await details(m.token, { to: '2030-03-01' })).status).toBe(400);
    expect((await details(m.token, { from: '2030-03-01', to: '2030-03-01', type: 'DEPOSIT' })).status).toBe(
      400,
    );
    expect((await details(m.token, { from: '2030-03-01', to: '2030-03-01', pageSize: 500 })).status).toBe(
      400,
    );
    expect((await api.send('GET', `${BONUS}?from=2030-03-01&to=2030-03-01`)).status).toBe(401);
    expect((await api.send('GET', '/wps/reward/prizes')).status).toBe(401);
  });
});
