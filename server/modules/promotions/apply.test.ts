import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, promotionEntries } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { type FormFile, form, JPG, PNG } from '../../test/multipart.ts';
import { invariantBreaches } from '../../test/play.ts';
import { caller, OPS, player, promotionInput } from './testing.ts';

let t: TestApp;
let db: Db;
let uploads: string;
let api: ReturnType<typeof caller>;
let applyId: number;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'portico-promo-uploads-'));
  t = await testApp({ opsToken: OPS, uploadsDir: uploads });
  db = t.database.db;
  api = caller(t);
  applyId = await api.create(promotionInput({ reward: 5_000, settings: { kind: 'APPLY' } }));
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

const png = (name = 'shot.png'): FormFile => ({ name, type: 'image/png', data: PNG });

async function apply(token: string, id: number, body: ReturnType<typeof form>, merchant = 'PORTICO') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/promotion/${id}/apply`,
    headers: { merchant, authorization: `Bearer ${token}`, 'content-type': body.type },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const stored = () => {
  try {
    return readdirSync(join(uploads, 'promotions'));
  } catch {
    return [];
  }
};
const entriesOf = (memberId: number) =>
  db.select().from(promotionEntries).where(eq(promotionEntries.memberId, memberId));
const mine = async (token: string, id: number) =>
  (await api.send('GET', '/wps/promotion/mine', { token })).body.value.list.find(
    (s: { promotionId: number }) => s.promotionId === id,
  );

describe('applying', () => {
  it('refuses bad uploads with 400 and a field message, storing nothing', async () => {
    const m = await player(db, 'pa_bad');
    const cases: [string, ReturnType<typeof form>, string][] = [
      [
        'a text file renamed .png',
        form([png(), { name: 'notes.png', type: 'image/png', data: Buffer.from('hello') }]),
        'files',
      ],
      [
        'a 6 MB png',
        form([
          { name: 'huge.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) },
        ]),
        'files',
      ],
      ['4 files', form([png('1.png'), png('2.png'), png('3.png'), png('4.png')]), 'files'],
      ['a 141-character remark', form([png()], { remark: 'x'.repeat(141) }), 'remark'],
      ['a NUL in the remark', form([png()], { remark: 'my\u0000deposit' }), 'remark'],
      ['no file', form([], { remark: 'here is my deposit' }), 'files'],
      ['an empty file', form([{ name: 'e.png', type: 'image/png', data: Buffer.alloc(0) }]), 'files'],
    ];
    for (const [what, body, field] of cases) {
      const r = await apply(m.token, applyId, body);
      expect(r.status, what).toBe(400);
      expect(r.body.fields?.[field], what).toBeTruthy();
    }
    const json = await api.send('POST', `/wps/promotion/${applyId}/apply`, {
      token: m.token,
      payload: { remark: 'x' },
    });
    expect(json.status).toBe(400);
    expect(await entriesOf(m.id)).toEqual([]);
    expect(stored()).toEqual([]);
    expect(await mine(m.token, applyId)).toMatchObject({ status: 'JOIN' });
  });

  it('takes 1–3 png/jpg with a 140-character remark: APPLYING; approved once: ISSUED and paid', async () => {
    const m = await player(db, 'pa_ok');
    const remark = 'y'.repeat(140);
    const r = await apply(
      m.token,
      applyId,
      form([png(), { name: 'photo.jpeg', type: 'image/jpeg', data: JPG }], { remark }),
    );
    expect(r.status).toBe(200);
    expect(r.body.value.state).toMatchObject({ promotionId: applyId, status: 'APPLYING', reward: null });
    // Under review: no second application.
    expect((await apply(m.token, applyId, form([png()]))).status).toBe(409);

    const queue = await api.ops(
      'GET',
      `/ops/merchants/PORTICO/promotion-entries?status=APPLYING&promotionId=${applyId}`,
    );
    const entry = queue.body.value.list.find((e: { account: string }) => e.account === 'pa_ok');
    expect(entry).toMatchObject({ status: 'APPLYING', remark, kind: 'APPLY', period: 'ONCE' });
    expect(entry.title).toMatch(/^Test APPLY/);
    expect(entry.uploads).toHaveLength(2);
    expect(stored()).toEqual(expect.arrayContaining(entry.uploads));

    // The operator sees the pictures as they were sent, typed by their content.
    const [first, second] = entry.uploads as string[];
    for (const name of [first!, second!]) {
      const pic = await t.app.inject({
        method: 'GET',
        url: `/ops/uploads/${name}`,
        headers: { authorization: `Bearer ${OPS}` },
      });
      expect(pic.statusCode).toBe(200);
      expect(pic.headers['content-type']).toBe(name.endsWith('.png') ? 'image/png' : 'image/jpeg');
      expect(pic.rawPayload.equals(name.endsWith('.png') ? PNG : JPG)).toBe(true);
    }

    const approvals = await Promise.all([
      api.ops('POST', `/ops/promotion-entries/${entry.id}/approve`, { remark: 'Looks good' }),
      api.ops('POST', `/ops/promotion-entries/${entry.id}/approve`, {}),
    ]);
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409]);
    const approved = approvals.find((a) => a.status === 200)!.body.value.entry;
    expect(approved).toMatchObject({ status: 'ISSUED', reward: 5_000 });
    expect(approved.decidedAt).not.toBeNull();
    expect(await m.balance()).toBe(5_000);
    // Decided: neither a second approval nor a rejection changes anything.
    expect((await api.ops('POST', `/ops/promotion-entries/${entry.id}/approve`, {})).status).toBe(409);
    expect(
      (await api.ops('POST', `/ops/promotion-entries/${entry.id}/reject`, { remark: 'No' })).status,
    ).toBe(409);
    expect(await m.balance()).toBe(5_000);
    expect(await mine(m.token, applyId)).toMatchObject({ status: 'ISSUED', reward: 5_000 });
    expect((await apply(m.token, applyId, form([png()]))).status).toBe(409);
    const bonus = await api.send(
      'GET',
      `/wps/bonus/details?from=2020-01-01&to=2099-12-31&type=PROMO_REWARD`,
      {
        token: m.token,
      },
    );
    expect(bonus.body.value.list).toMatchObject([{ kind: 'PROMO_REWARD', amount: 5_000 }]);
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'promotion.entry.approve'));
    expect(audited.some((a) => a.subject.entryId === entry.id)).toBe(true);
  });

  it('a rejection shows its reason; the member may apply again, with new pictures', async () => {
    const m = await player(db, 'pa_again');
    expect((await apply(m.token, applyId, form([png()], { remark: 'first' }))).status).toBe(200);
    const [entry] = await entriesOf(m.id);
    expect((await api.ops('POST', `/ops/promotion-entries/${entry!.id}/reject`, {})).status).toBe(400);
    const rejected = await api.ops('POST', `/ops/promotion-entries/${entry!.id}/reject`, {
      remark: 'The screenshot is unreadable',
    });
    expect(rejected.body.value.entry).toMatchObject({
      status: 'REJECTED',
      reviewRemark: 'The screenshot is unreadable',
    });
    expect(await mine(m.token, applyId)).toMatchObject({
      status: 'REJECTED',
      reviewRemark: 'The screenshot is unreadable',
    });
    expect((await api.ops('POST', `/ops/promotion-entries/${entry!.id}/approve`, {})).status).toBe(409);
    expect(await m.balance()).toBe(0);

    const again = await apply(
      m.token,
      applyId,
      form([{ name: 'b.jpg', type: 'image/jpeg', data: JPG }], { remark: 'second' }),
    );
    expect(again.body.value.state).toMatchObject({ status: 'APPLYING', reviewRemark: null });
    const [renewed] = await entriesOf(m.id);
    // The rejected pictures went with the rejected application.
    expect(stored()).not.toContain(entry!.uploads[0]);
    expect(stored()).toContain(renewed!.uploads[0]);
    expect(renewed).toMatchObject({
      id: entry!.id,
      status: 'APPLYING',
      remark: 'second',
      reviewRemark: null,
    });
    expect(renewed!.uploads).toHaveLength(1);
    expect(renewed!.uploads[0]).toMatch(/\.jpg$/);
    const paid = await api.ops('POST', `/ops/promotion-entries/${entry!.id}/approve`, { reward: 7_500 });
    expect(paid.body.value.entry).toMatchObject({ status: 'ISSUED', reward: 7_500 });
    expect(await m.balance()).toBe(7_500);
  });

  it('only to a running APPLY promotion of the member’s merchant; nothing stored otherwise', async () => {
    const m = await player(db, 'pa_where');
    const before = stored().length;
    const lotus = await api.create(promotionInput({ settings: { kind: 'APPLY' } }), 'LOTUS');
    const hidden = await api.create(promotionInput({ settings: { kind: 'APPLY' } }));
    await api.ops('PATCH', `/ops/promotions/${hidden}`, { hidden: true });
    const ended = await api.create(
      promotionInput({
        settings: { kind: 'APPLY' },
        startsAt: '2020-01-01T00:00:00Z',
        endsAt: '2020-02-01T00:00:00Z',
      }),
    );
    const signIn = await api.create(promotionInput({ settings: { kind: 'SIGN_IN' } }));
    for (const id of [lotus, hidden, ended, 999_999])
      expect((await apply(m.token, id, form([png()]))).status).toBe(404);
    expect((await apply(m.token, signIn, form([png()]))).status).toBe(409);
    expect(stored()).toHaveLength(before);
    expect(await entriesOf(m.id)).toEqual([]);
  });

  it('the uploads call checks the name strictly and answers 404 for an unknown picture', async () => {
    const get = (name: string) =>
      t.app.inject({
        method: 'GET',
        url: `/ops/uploads/${name}`,
        headers: { authorization: `Bearer ${OPS}` },
      });
    expect((await get('..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    expect((await get('notes.txt')).statusCode).toBe(400);
    expect((await get(`${randomUUID()}.gif`)).statusCode).toBe(400);
    expect((await get(`${randomUUID()}.png`)).statusCode).toBe(404);
  });

  it('a member never sees another member’s application', async () => {
    const owner = await player(db, 'pa_owner');
    const other = await player(db, 'pa_other');
    await apply(owner.token, applyId, form([png()]));
    expect(await mine(other.token, applyId)).toMatchObject({ status: 'JOIN' });
    expect(await mine(owner.token, applyId)).toMatchObject({ status: 'APPLYING' });
  });

  it('keeps the books', async () => {
    expect(await invariantBreaches(db)).toBe(0);
  });
});
