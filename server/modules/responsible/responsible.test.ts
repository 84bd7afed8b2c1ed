import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRounds, paymentOrders } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { inhouseGames, launchToken, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { betSteps } from '../inhouse/catalogue.ts';
import { createLedger } from '../wallet/ledger.ts';
import { periodStart } from './periods.ts';
import { createResponsibleGambling } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const asMember = (m: { id: number; account: string }) =>
  ({ id: m.id, account: m.account, merchantCode: 'PORTICO' }) as Member;

describe('periods (merchant zone UTC+7)', () => {
  it('starts days, Monday weeks and months at local midnight', () => {
    // 2026-11-22 18:30 UTC is Monday 2026-11-23 01:30 in Ho Chi Minh City.
    const now = new Date('2026-11-22T18:30:00Z');
    expect(periodStart('D', now).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(periodStart('W', now).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(periodStart('M', now).toISOString()).toBe('2026-10-31T17:00:00.000Z');
    // Sunday evening local time still belongs to the week that began on Monday the 16th.
    expect(periodStart('W', new Date('2026-11-22T16:59:00Z')).toISOString()).toBe('2026-11-15T17:00:00.000Z');
  });
});

describe('limits', () => {
  it('applies a lower limit at once and a higher one after 24 h', async () => {
    let clock = new Date('2026-11-20T03:00:00Z');
    const rg = createResponsibleGambling(t.database.db, createAuditLog(t.database.db), () => clock);
    const m = asMember(await newMember(t.database.db, 'rglimit1', 0n));
    expect(await rg.setLimit(m, 'DEPOSIT', 'D', 50_000)).toMatchObject({
      amount: 50_000,
      pendingAmount: null,
    });
    expect(await rg.setLimit(m, 'DEPOSIT', 'D', 20_000)).toMatchObject({
      amount: 20_000,
      pendingAmount: null,
    });
    expect(await rg.setLimit(m, 'DEPOSIT', 'D', 90_000)).toMatchObject({
      amount: 20_000,
      pendingAmount: 90_000,
    });
    clock = new Date(clock.getTime() + 23 * 3_600_000);
    expect((await rg.status(m)).limits[0]).toMatchObject({ amount: 20_000 });
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    expect((await rg.status(m)).limits[0]).toMatchObject({ amount: 90_000, pendingAmount: null });
    await rg.setLimit(m, 'DEPOSIT', 'D', null);
    expect((await rg.status(m)).limits).toHaveLength(1);
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    expect((await rg.status(m)).limits).toHaveLength(0);
  });

  it('refuses a deposit over the limit, counting what was credited this period', async () => {
    const db = t.database.db;
    const rg = createResponsibleGambling(db, createAuditLog(db));
    const m = await newMember(db, 'rglimit2', 0n);
    await rg.setLimit(asMember(m), 'DEPOSIT', 'W', 100_000);
    await db.insert(paymentOrders).values({
      merchantCode: 'PORTICO',
      memberId: m.id,
      kind: 'DEPOSIT',
      channel: 'BANK',
      amount: 70_000n,
      status: 'CREDITED',
      requestId: crypto.randomUUID(),
    });
    await expect(rg.checkDeposit(m.id, 30_000n)).resolves.toBeUndefined();
    await expect(rg.checkDeposit(m.id, 30_001n)).rejects.toMatchObject({
      statusCode: 400,
      code: 'LIMIT_EXCEEDED',
      fields: { amount: 'You can deposit 300.00 more this week (weekly deposit limit 1,000.00)' },
    });
  });

  it('stops play once the period’s losses reach the loss limit', async () => {
    const db = t.database.db;
    const rg = createResponsibleGambling(db, createAuditLog(db));
    const m = await newMember(db, 'rglimit3', 0n);
    const { slot } = await inhouseGames(db);
    await rg.setLimit(asMember(m), 'LOSS', 'D', 10_000);
    const round = (ref: string, bet: bigint, win: bigint) =>
      db.insert(gameRounds).values({
        merchantCode: 'PORTICO',
        memberId: m.id,
        vassalage: 'PORTICO',
        nodeId: slot.nodeId,
        gameType: 'INHOUSE',
        roundRef: ref,
        bet,
        win,
        status: 'SETTLED',
      });
    await round('rg3-1', 8_000n, 0n);
    await expect(rg.checkPlay(m.id)).resolves.toBeUndefined();
    await round('rg3-2', 4_000n, 1_000n);
    await expect(rg.checkPlay(m.id)).rejects.toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: 'You have reached your daily loss limit of 100.00: no more bets today',
    });
    expect((await rg.status(asMember(m))).limits[0]).toMatchObject({ used: 11_000 });
  });
});

describe('play guard on the seamless wallet', () => {
  it('refuses an in-house spin once the loss limit is reached, moving nothing', async () => {
    const db = t.database.db;
    const rg = createResponsibleGambling(db, createAuditLog(db));
    const m = await newMember(db, 'rglimit4', 100_000n);
    const { slot } = await inhouseGames(db);
    const token = await launchToken(db, { memberId: m.id, nodeId: slot.nodeId });
    const spin = () =>
      t.app.inject({
        method: 'POST',
        url: '/inhouse/slot/spin',
        headers: { merchant: 'PORTICO', 'x-launch-token': token },
        payload: { requestId: crypto.randomUUID(), bet: betSteps(slot.minBet)[0] },
      });
    // No spin before the limit: a lucky first spin would leave the day in profit and the limit unreached.
    await rg.setLimit(asMember(m), 'LOSS', 'D', 1);
    await db.insert(gameRounds).values({
      merchantCode: 'PORTICO',
      memberId: m.id,
      vassalage: 'PORTICO',
      nodeId: slot.nodeId,
      gameType: 'INHOUSE',
      roundRef: 'rg4-loss',
      bet: 5_000n,
      win: 0n,
      status: 'SETTLED',
    });
    const before = await createLedger(db).memberBalance('PORTICO', m.id);
    const refused = await spin();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'LIMIT_EXCEEDED', limit: { remaining: 0 } });
    expect(await createLedger(db).memberBalance('PORTICO', m.id)).toBe(before);
  });
});

describe('breaks over HTTP', () => {
  it('a cooling-off ends the sessions, and play is refused on the next login', async () => {
    const api = client(t.app);
    const token = (await api.login('agent01', 'Agent1234')).body.value.token;
    expect(
      (await api.send('POST', '/wps/member/responsible/break', { length: '24H', password: 'nope' }, token))
        .status,
    ).toBe(400);
    const res = await api.send(
      'POST',
      '/wps/member/responsible/break',
      { length: '24H', password: 'Agent1234' },
      token,
    );
    expect(res.status).toBe(200);
    expect(new Date(res.body.value.endsAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await api.send('GET', '/wps/member/info', undefined, token)).status).toBe(401);
    const again = (await api.login('agent01', 'Agent1234')).body.value.token;
    const status = await api.send('GET', '/wps/member/responsible', undefined, again);
    expect(status.body.value.break).toMatchObject({ kind: 'COOLING_OFF' });
    const { slot } = await inhouseGames(t.database.db);
    const launch = await api.send(
      'POST',
      '/wps/game/launchGame',
      { nodeId: slot.nodeId, vassalage: 'PORTICO' },
      again,
    );
    expect(launch.status).toBe(403);
    expect(launch.body).toMatchObject({ code: 'SELF_EXCLUDED', until: res.body.value.endsAt });
  });

  it('checks its input', async () => {
    const api = client(t.app);
    const token = (await api.login('player01', 'Player123')).body.value.token;
    for (const body of [
      { kind: 'DEPOSIT', period: 'D', amount: -1 },
      { kind: 'DEPOSIT', period: 'Y', amount: 100 },
      { kind: 'BET', period: 'D', amount: 100 },
      { kind: 'LOSS', period: 'D', amount: 1.5 },
    ])
      expect((await api.send('PUT', '/wps/member/responsible/limit', body, token)).status).toBe(400);
    expect(
      (
        await api.send(
          'PUT',
          '/wps/member/responsible/limit',
          { kind: 'LOSS', period: 'W', amount: null },
          token,
        )
      ).status,
    ).toBe(404);
    expect((await api.send('GET', '/wps/member/responsible')).status).toBe(401);
  });
});
