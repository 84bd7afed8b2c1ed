import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { createAuditLog } from './log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('audit log', () => {
  it('chains every entry, also when written at once, and verifies', async () => {
    const audit = createAuditLog(t.database.db);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        audit.record({
          merchantCode: 'PORTICO',
          actor: `member:${i}`,
          action: 'TEST',
          subject: { i, z: 1n },
        }),
      ),
    );
    expect(await audit.verify()).toEqual({ ok: true, rows: expect.any(Number) });
    expect((await audit.verify()).rows).toBeGreaterThanOrEqual(12);
  });

  it('refuses updates and deletes', async () => {
    const db = t.database.db;
    await createAuditLog(db).record({ merchantCode: 'PORTICO', actor: 'ops', action: 'FIRST' });
    await expect(db.execute(sql`update audit_log set action = 'X'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('shows where the chain breaks when a row is changed behind the trigger’s back', async () => {
    const db = t.database.db;
    const audit = createAuditLog(db);
    await audit.record({ merchantCode: 'PORTICO', actor: 'ops', action: 'SECOND', subject: { n: 2 } });
    const { rows } = (await db.execute(sql`select max(id) as id from audit_log`)) as unknown as {
      rows: { id: number }[];
    };
    const row = rows[0];
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await db.execute(sql`update audit_log set subject = '{"n": 3}' where id = ${row!.id}`);
    await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect(await audit.verify()).toMatchObject({ ok: false, brokenAt: Number(row!.id) });
  });
});
