import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChain, auditLog } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { inhouseGames, invariantBreaches, launchToken, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const send = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { merchant: 'PORTICO', 'x-launch-token': token },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

describe('demo vendor (game-vendor port, demo driver)', () => {
  it('shows the launched game and the member’s wallets, from a real launch', async () => {
    const api = client(t.app);
    const token = (await api.login('player01', 'Player123')).body.value.token;
    const { rng } = await inhouseGames(t.database.db);
    const launched = await api.send(
      'POST',
      '/wps/game/launchGame',
      { nodeId: rng.nodeId, vassalage: rng.vassalage },
      token,
    );
    const url = new URL(launched.body.value.content, 'http://x');
    const session = await send('GET', '/vendor-demo/session', url.searchParams.get('t')!);
    expect(session.status).toBe(200);
    expect(session.body.value).toMatchObject({
      nodeId: rng.nodeId,
      gameName: rng.names.en,
      gameType: 'RNG',
      trial: false,
      wallets: { vendor: 0, currencySign: expect.any(String) },
    });
    expect(session.body.value.wallets.main).toBeGreaterThan(0);
  });

  it('moves money in and out once per request id, never beyond what is there', async () => {
    const db = t.database.db;
    const m = await newMember(db, 'demovendor1', 50_000n);
    const { rng } = await inhouseGames(db);
    const token = await launchToken(db, { memberId: m.id, nodeId: rng.nodeId });
    const id = randomUUID();
    const first = await send('POST', '/vendor-demo/transfer', token, {
      requestId: id,
      direction: 'in',
      amount: 20_000,
    });
    expect(first.body.value.wallets).toMatchObject({ main: 30_000, vendor: 20_000 });
    const again = await send('POST', '/vendor-demo/transfer', token, {
      requestId: id,
      direction: 'in',
      amount: 20_000,
    });
    expect(again.body.value.wallets).toMatchObject({ main: 30_000, vendor: 20_000 });
    const over = await send('POST', '/vendor-demo/transfer', token, {
      requestId: randomUUID(),
      direction: 'out',
      amount: 20_001,
    });
    expect(over).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS' } });
    const out = await send('POST', '/vendor-demo/transfer', token, {
      requestId: randomUUID(),
      direction: 'out',
      amount: 5_000,
    });
    expect(out.body.value.wallets).toMatchObject({ main: 35_000, vendor: 15_000 });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('writes the member’s audit record with each transfer from the game page, and the chain verifies', async () => {
    const db = t.database.db;
    const m = await newMember(db, 'demovendor3', 30_000n);
    const { rng } = await inhouseGames(db);
    const token = await launchToken(db, { memberId: m.id, nodeId: rng.nodeId });
    const inId = randomUUID();
    const outId = randomUUID();
    const move = (requestId: string, direction: 'in' | 'out', amount: number) =>
      send('POST', '/vendor-demo/transfer', token, { requestId, direction, amount });
    expect((await move(inId, 'in', 12_000)).status).toBe(200);
    expect((await move(inId, 'in', 12_000)).status).toBe(200);
    expect((await move(outId, 'out', 2_000)).status).toBe(200);
    expect((await move(randomUUID(), 'out', 99_000)).status).toBe(409);
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, `member:${m.id}`))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.subject])).toEqual([
      [
        'WALLET_TRANSFER_IN',
        expect.objectContaining({ vendor: rng.vassalage, amount: '12000', requestId: inId, from: 'game' }),
      ],
      [
        'WALLET_TRANSFER_OUT',
        expect.objectContaining({ vendor: rng.vassalage, amount: '2000', requestId: outId, from: 'game' }),
      ],
    ]);
    expect(rows.every((r) => r.merchantCode === 'PORTICO')).toBe(true);
    expect(await createAuditLog(db).verify()).toMatchObject({ ok: true });
    expect(
      await db.$count(
        auditChain,
        inArray(
          auditChain.auditId,
          rows.map((r) => r.id),
        ),
      ),
    ).toBe(2);
  });

  it('refuses bad amounts, in-house launches and ended sessions, moving nothing', async () => {
    const db = t.database.db;
    const m = await newMember(db, 'demovendor2', 10_000n);
    const { rng, slot } = await inhouseGames(db);
    const token = await launchToken(db, { memberId: m.id, nodeId: rng.nodeId });
    for (const amount of [0, -5, 1.5, 1e15, '100'])
      expect(
        (
          await send('POST', '/vendor-demo/transfer', token, {
            requestId: randomUUID(),
            direction: 'in',
            amount,
          })
        ).status,
      ).toBe(400);
    expect(
      (await send('POST', '/vendor-demo/transfer', token, { requestId: 'x', direction: 'in', amount: 1 }))
        .status,
    ).toBe(400);
    const inhouse = await launchToken(db, { memberId: m.id, nodeId: slot.nodeId });
    expect((await send('GET', '/vendor-demo/session', inhouse)).status).toBe(403);
    const ended = await launchToken(db, {
      memberId: m.id,
      nodeId: rng.nodeId,
      expiresAt: new Date(Date.now() - 1),
    });
    expect((await send('GET', '/vendor-demo/session', ended)).status).toBe(401);
    expect((await send('GET', '/vendor-demo/session', 'nonsense')).status).toBe(401);
    const session = await send('GET', '/vendor-demo/session', token);
    expect(session.body.value.wallets).toMatchObject({ main: 10_000, vendor: 0 });
  });
});
