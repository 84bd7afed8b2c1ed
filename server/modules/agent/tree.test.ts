import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { members, memberTree } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { newMember } from '../../test/play.ts';
import { createAgentTree } from './tree.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
});
afterAll(() => t.close());

/** A member placed under `upline` (null: top level), as registration with an invitation code does. */
async function under(account: string, upline: number | null) {
  const m = await newMember(db, account, 0n);
  if (upline !== null) await db.update(members).set({ uplineId: upline }).where(eq(members.id, m.id));
  return m.id;
}

describe('agent hierarchy (closure table kept by triggers)', () => {
  it('answers subtree questions at any depth and nothing outside it', async () => {
    const a = await under('tree_a', null);
    const b = await under('tree_b', a);
    const c = await under('tree_c', b);
    const d = await under('tree_d', c);
    const e = await under('tree_e', a);
    const stranger = await under('tree_x', null);
    const tree = createAgentTree(db);

    expect(await tree.inSubtree(a, d)).toBe(true);
    expect(await tree.inSubtree(b, d)).toBe(true);
    expect(await tree.inSubtree(b, e)).toBe(false);
    expect(await tree.inSubtree(d, a)).toBe(false);
    expect(await tree.inSubtree(a, stranger)).toBe(false);
    expect(await tree.size(a)).toBe(4);
    const all = await tree.downline(a, { pageNo: 1, pageSize: 10 });
    expect(all.list.map((m) => [m.account, m.depth])).toEqual([
      ['tree_b', 1],
      ['tree_e', 1],
      ['tree_c', 2],
      ['tree_d', 3],
    ]);
    const direct = await tree.downline(a, { direct: true, pageNo: 1, pageSize: 1 });
    expect(direct).toMatchObject({ totalPages: 2, list: [{ account: 'tree_b' }] });
  });

  it('moves a whole subtree when an upline changes, and refuses a cycle', async () => {
    const a = await under('move_a', null);
    const b = await under('move_b', a);
    const c = await under('move_c', b);
    const e = await under('move_e', a);
    const tree = createAgentTree(db);
    await db.update(members).set({ uplineId: e }).where(eq(members.id, b));
    expect(await tree.inSubtree(e, c)).toBe(true);
    expect(
      (await tree.downline(a, { pageNo: 1, pageSize: 10 })).list.map((m) => [m.account, m.depth]),
    ).toEqual([
      ['move_e', 1],
      ['move_b', 2],
      ['move_c', 3],
    ]);
    await expect(db.update(members).set({ uplineId: c }).where(eq(members.id, a))).rejects.toThrow();
    expect(await tree.inSubtree(a, c)).toBe(true);
    const rows = await db.select().from(memberTree).where(eq(memberTree.descendantId, c));
    expect(rows.map((r) => r.depth).sort()).toEqual([0, 1, 2, 3]);
  });
});
