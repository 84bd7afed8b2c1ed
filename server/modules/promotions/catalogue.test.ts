import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Db } from '../../db/client.ts';
import { members, promotionEntries, promotions } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { approveReply } from '../../test/changes.ts';
import { invariantBreaches } from '../../test/play.ts';
import { caller, OPS, player, promotionInput } from './testing.ts';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  api = caller(t);
});
afterAll(() => t.close());

const list = async (o: { language?: string; merchant?: string; category?: string } = {}) =>
  (
    await api.send('GET', `/wps/promotions${o.category ? `?category=${o.category}` : ''}`, {
      merchant: o.merchant,
      headers: o.language ? { language: o.language } : {},
    })
  ).body.value;
const ids = (l: { list: { id: number }[] }) => l.list.map((p) => p.id);
const redeem = (token: string, code: string) =>
  api.send('POST', '/wps/promotion/code', { token, payload: { code } });

describe('demo promotions', () => {
  it('one of each kind per demo merchant, in every catalogue, none claimed', async () => {
    for (const merchant of ['PORTICO', 'LOTUS']) {
      const rows = await db.select().from(promotions).where(eq(promotions.merchantCode, merchant));
      expect(rows.map((r) => r.kind).sort()).toEqual([
        'APPLY',
        'CODE',
        'DAILY_TASK',
        'RAFFLE',
        'RESCUE',
        'SIGN_IN',
      ]);
      for (const r of rows) expect(Object.keys(r.titles).sort()).toEqual(['en', 'th', 'vi', 'zh']);
      expect(rows.find((r) => r.kind === 'CODE')?.code).toBe('WELCOME100');
    }
    expect(await db.$count(promotionEntries)).toBe(0);
    for (const merchant of ['PORTICO', 'LOTUS']) {
      const login = await client(t.app, merchant).login('player01', 'Player123');
      const balance = await api.send('GET', '/wps/v2/wallets/balance', {
        token: login.body.value.token,
        merchant,
      });
      expect(balance.body.value.sumBalance).toBe(100_000);
    }
  });
});

describe('listing', () => {
  it('lists running promotions in the caller’s language (English when missing), by category', async () => {
    const both = await api.create(
      promotionInput({
        category: 'VIP',
        titles: { en: 'VIP week', vi: 'Tuần VIP' },
        summaries: { en: 'For VIPs' },
        settings: { kind: 'SIGN_IN' },
      }),
    );
    const vi = await list({ language: 'vi' });
    expect(vi.list.find((p: { id: number }) => p.id === both)).toMatchObject({
      title: 'Tuần VIP',
      summary: 'For VIPs',
      category: 'VIP',
      kind: 'SIGN_IN',
    });
    expect(vi.list.find((p: { kind: string }) => p.kind === 'APPLY').title).toBe(
      'Thưởng chào mừng — gửi ảnh chụp màn hình',
    );
    expect((await list()).list.find((p: { id: number }) => p.id === both).title).toBe('VIP week');
    expect(vi.categories).toEqual(expect.arrayContaining(['NEW_MEMBER', 'DAILY', 'VIP', 'OTHER']));
    const vip = await list({ category: 'VIP' });
    expect(ids(vip)).toEqual([both]);
    // A code stays secret; the figures of a kind are shown.
    const seeded = (await list()).list;
    expect(seeded.some((p: object) => 'code' in p || 'settings' in p)).toBe(false);
    expect(seeded.find((p: { kind: string }) => p.kind === 'RESCUE')).toMatchObject({
      minLoss: 10_000,
      rateBp: 1_000,
      reward: 50_000,
    });
    expect(seeded.find((p: { kind: string }) => p.kind === 'DAILY_TASK')).toMatchObject({
      target: 20_000,
      reward: 500,
    });
    expect(seeded.find((p: { kind: string }) => p.kind === 'RAFFLE')).toMatchObject({
      winners: 3,
      reward: 8_800,
    });
  });

  it('hidden, ended, future and other merchants’ promotions are neither listed nor shown nor joinable', async () => {
    const m = await player(db, 'pc_where');
    const hidden = await api.create(promotionInput({ settings: { kind: 'SIGN_IN' } }));
    expect(
      (await api.ops('PATCH', `/ops/promotions/${hidden}`, { hidden: true })).body.value.promotion.hidden,
    ).toBe(true);
    const ended = await api.create(
      promotionInput({
        settings: { kind: 'SIGN_IN' },
        startsAt: '2020-01-01T00:00:00Z',
        endsAt: '2020-01-02T00:00:00Z',
      }),
    );
    const future = await api.create(
      promotionInput({ settings: { kind: 'SIGN_IN' }, startsAt: '2099-01-01T00:00:00Z' }),
    );
    const lotus = await api.create(promotionInput({ settings: { kind: 'SIGN_IN' } }), 'LOTUS');
    const raffle = await api.create(
      promotionInput({
        settings: { kind: 'RAFFLE', drawAt: '2099-01-01T00:00:00Z', winners: 1 },
        endsAt: '2020-06-01T00:00:00Z',
        startsAt: '2020-01-01T00:00:00Z',
      }),
    );
    const listed = ids(await list());
    const mine = (await api.send('GET', '/wps/promotion/mine', { token: m.token })).body.value.list.map(
      (s: { promotionId: number }) => s.promotionId,
    );
    for (const id of [hidden, ended, future, lotus, raffle]) {
      expect(listed).not.toContain(id);
      expect(mine).not.toContain(id);
      expect((await api.send('GET', `/wps/promotion/${id}`)).status).toBe(404);
      expect((await api.send('POST', `/wps/promotion/${id}/claim`, { token: m.token })).status).toBe(404);
    }
    expect((await api.send('POST', `/wps/promotion/${raffle}/join`, { token: m.token })).status).toBe(404);
    expect(ids(await list({ merchant: 'LOTUS' }))).toContain(lotus);
    expect(await m.balance()).toBe(0);
    // Shown again once the operator un-hides it.
    await api.ops('PATCH', `/ops/promotions/${hidden}`, { hidden: false });
    expect(ids(await list())).toContain(hidden);
  });

  it('the terms are sanitised HTML: no script, no handler, no javascript: link', async () => {
    const id = await api.create(
      promotionInput({
        settings: { kind: 'SIGN_IN' },
        contents: {
          en: '<p onclick="x()">Terms<script>window.__xss=1</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">go</a>',
        },
      }),
    );
    const detail = await api.send('GET', `/wps/promotion/${id}`, { headers: { language: 'vi' } });
    expect(detail.status).toBe(200);
    const html: string = detail.body.value.promotion.content;
    expect(html).toContain('Terms');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
    const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
    expect(row!.contents.en).not.toMatch(/script|onerror|onclick|javascript:/i);
    // All unsafe: refused with a field message.
    const bad = await api.ops('POST', '/ops/merchants/PORTICO/promotions', {
      ...promotionInput({ settings: { kind: 'SIGN_IN' } }),
      contents: { en: '<script>x</script>' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields['contents.en']).toBeTruthy();
  });
});

describe('operator calls', () => {
  it('lists a merchant’s promotions with entry counts; unknown merchants are 404; bad input has field messages', async () => {
    const listed = await api.ops('GET', '/ops/merchants/LOTUS/promotions');
    expect(listed.status).toBe(200);
    expect(listed.body.value.list.length).toBeGreaterThanOrEqual(6);
    expect(listed.body.value.list[0]).toMatchObject({ entries: 0, pending: 0, hidden: false });
    expect((await api.ops('GET', '/ops/merchants/NOPE/promotions')).status).toBe(404);
    expect((await api.ops('GET', '/ops/merchants/NOPE/promotion-entries')).status).toBe(404);
    const noEnglish = await api.ops('POST', '/ops/merchants/PORTICO/promotions', {
      ...promotionInput({ settings: { kind: 'SIGN_IN' } }),
      titles: { vi: 'Chỉ tiếng Việt' },
    });
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.fields['titles.en']).toBeTruthy();
    const backwards = await api.ops('POST', '/ops/merchants/PORTICO/promotions', {
      ...promotionInput({ settings: { kind: 'SIGN_IN' } }),
      startsAt: '2030-01-02T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    expect(backwards.body.fields.endsAt).toBeTruthy();
    const badRescue = await api.ops('POST', '/ops/merchants/PORTICO/promotions', {
      ...promotionInput({ settings: { kind: 'RESCUE', minLoss: 0, rateBp: 20_000, maxReward: 1 } }),
    });
    expect(badRescue.status).toBe(400);
    expect((await api.ops('PATCH', '/ops/promotions/999999', { sort: 1 })).status).toBe(404);
    expect((await api.ops('PATCH', '/ops/promotions/1', {})).status).toBe(400);
    const noToken = await t.app.inject({ method: 'GET', url: '/ops/merchants/PORTICO/promotions' });
    expect(noToken.statusCode).toBe(401);
  });

  it('changes texts, dates and order at once, the reward once approved; keeps kind and settings', async () => {
    const id = await api.create(promotionInput({ settings: { kind: 'DAILY_TASK', target: 5_000 } }));
    const changed = await api.ops('PATCH', `/ops/promotions/${id}`, {
      titles: { en: 'Renamed', vi: 'Đổi tên' },
      contents: { en: '<p>New <b>terms</b><script>x</script></p>' },
      sort: 7,
      reward: 250,
      endsAt: '2099-01-01T00:00:00Z',
    });
    expect(changed.body.value.promotion).toMatchObject({
      titles: { en: 'Renamed', vi: 'Đổi tên' },
      contents: { en: '<p>New <b>terms</b></p>' },
      sort: 7,
      reward: 1_000,
      endsAt: '2099-01-01T00:00:00.000Z',
      settings: { kind: 'DAILY_TASK', target: 5_000 },
    });
    await approveReply(t.app, changed);
    const listed = (await api.ops('GET', '/ops/merchants/PORTICO/promotions')).body.value.list;
    expect(listed.find((p: { id: number }) => p.id === id)).toMatchObject({ reward: 250, approved: true });
    expect((await api.ops('PATCH', `/ops/promotions/${id}`, { endsAt: '2000-01-01T00:00:00Z' })).status).toBe(
      400,
    );
  });
});

describe('promo codes', () => {
  it('pays once per member, case-insensitive; unknown, used and expired codes say so under the field', async () => {
    const a = await player(db, 'pc_code_a');
    const first = await redeem(a.token, 'welcome100');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ reward: 10_000, balance: 10_000 });
    const again = await redeem(a.token, 'WELCOME100');
    expect(again.status).toBe(409);
    expect(again.body.fields.code).toMatch(/already used/);
    const unknown = await redeem(a.token, 'NOSUCHCODE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.fields.code).toBe('Unknown promo code');
    expect((await redeem(a.token, '')).body.fields.code).toBeTruthy();
    await api.create(
      promotionInput({
        settings: { kind: 'CODE', code: 'OLDCODE' },
        startsAt: '2020-01-01T00:00:00Z',
        endsAt: '2020-02-01T00:00:00Z',
      }),
    );
    const expired = await redeem(a.token, 'oldcode');
    expect(expired.status).toBe(409);
    expect(expired.body.fields.code).toMatch(/expired/);
    // Another merchant's code is unknown here.
    await api.create(promotionInput({ settings: { kind: 'CODE', code: 'LOTUSONLY' } }), 'LOTUS');
    expect((await redeem(a.token, 'LOTUSONLY')).status).toBe(404);
    expect(await a.balance()).toBe(10_000);
    const state = (await api.send('GET', '/wps/promotion/mine', { token: a.token })).body.value.list;
    const code = (await list()).list.find((p: { kind: string }) => p.kind === 'CODE');
    expect(state.find((s: { promotionId: number }) => s.promotionId === code.id)).toMatchObject({
      status: 'CLAIMED',
      reward: 10_000,
    });
  });

  it('a code in use elsewhere in the merchant is refused with 409 under settings.code', async () => {
    const taken = await api.ops(
      'POST',
      '/ops/merchants/PORTICO/promotions',
      promotionInput({ settings: { kind: 'CODE', code: 'welcome100' } }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.fields['settings.code']).toBeTruthy();
    // The same code at another merchant is fine.
    await api.create(promotionInput({ settings: { kind: 'CODE', code: 'SHARED1' } }), 'LOTUS');
    await api.create(promotionInput({ settings: { kind: 'CODE', code: 'SHARED1' } }));
  });

  it('within its uses, counted under a lock: of concurrent redemptions only maxUses pay; one member’s pair pays once', async () => {
    await api.create(
      promotionInput({ reward: 300, settings: { kind: 'CODE', code: 'TWOONLY', maxUses: 2 } }),
    );
    const people = await Promise.all(
      ['pc_two_a', 'pc_two_b', 'pc_two_c', 'pc_two_d'].map((a) => player(db, a)),
    );
    const results = await Promise.all(people.map((p) => redeem(p.token, 'twoonly')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => /used up/.test(r.body.fields.code))).toBe(
      true,
    );
    const balances = await Promise.all(people.map((p) => p.balance()));
    expect(balances.sort()).toEqual([0, 0, 300, 300]);

    await api.create(promotionInput({ reward: 400, settings: { kind: 'CODE', code: 'DOUBLECLICK' } }));
    const m = await player(db, 'pc_double');
    const pair = await Promise.all([redeem(m.token, 'DOUBLECLICK'), redeem(m.token, 'doubleclick')]);
    expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await m.balance()).toBe(400);
  });
});

describe('claims over HTTP', () => {
  it('two concurrent sign-in claims pay once; APPLY and CODE promotions are not claimed', async () => {
    const m = await player(db, 'pc_claims');
    const signIn = { id: await api.create(promotionInput({ reward: 100, settings: { kind: 'SIGN_IN' } })) };
    const both = await Promise.all([
      api.send('POST', `/wps/promotion/${signIn.id}/claim`, { token: m.token }),
      api.send('POST', `/wps/promotion/${signIn.id}/claim`, { token: m.token }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.value.reward)).toEqual([100, 100]);
    expect(await m.balance()).toBe(100);
    const apply = (await list()).list.find((p: { kind: string }) => p.kind === 'APPLY');
    expect((await api.send('POST', `/wps/promotion/${apply.id}/claim`, { token: m.token })).status).toBe(409);
    expect((await api.send('POST', `/wps/promotion/${apply.id}/join`, { token: m.token })).status).toBe(409);
  });

  it('visitors and trial accounts cannot take part', async () => {
    expect((await api.send('GET', '/wps/promotion/mine')).status).toBe(401);
    expect((await api.send('POST', '/wps/promotion/code', { payload: { code: 'WELCOME100' } })).status).toBe(
      401,
    );
    const trial = await player(db, 'pc_trial');
    await db.update(members).set({ agentType: TRIAL_AGENT_TYPE }).where(eq(members.id, trial.id));
    expect((await api.send('GET', '/wps/promotion/mine', { token: trial.token })).status).toBe(403);
    expect((await redeem(trial.token, 'WELCOME100')).status).toBe(403);
  });

  it('keeps the books', async () => {
    expect(await invariantBreaches(db)).toBe(0);
  });
});
