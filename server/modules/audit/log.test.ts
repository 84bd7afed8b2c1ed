import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createLedger } from '../wallet/ledger.ts';
import { auditedMove } from '../wallet/service.ts';
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

  it('links staged rows after their commit, in commit order when ids commit out of order', async () => {
    const db = t.database.db;
    const audit = createAuditLog(db);
    const subject = {
      text: 'Dấu "quote" \\ ✓ 🎲 \u0007',
      Zeta: 1,
      alpha: [2n, null],
      nested: { b: 1, a: 2 },
    };
    if (t.database.kind === 'postgres') {
      // Two transactions at once: the one that took the lower id commits last.
      let releaseFirst!: () => void;
      const firstWaits = new Promise<void>((r) => {
        releaseFirst = r;
      });
      let firstStaged!: () => void;
      const staged = new Promise<void>((r) => {
        firstStaged = r;
      });
      const first = db.transaction(async (tx) => {
        await audit.stage(tx, { merchantCode: 'PORTICO', actor: 'system', action: 'LATE', subject });
        firstStaged();
        await firstWaits;
      });
      await staged;
      await db.transaction((tx) =>
        audit.stage(tx, { merchantCode: 'PORTICO', actor: 'system', action: 'EARLY' }),
      );
      await audit.link();
      releaseFirst();
      await first;
      await audit.link();
      const rows = (await db.execute(
        sql`select id, seq from audit_log where action in ('LATE', 'EARLY') order by seq`,
      )) as unknown as { rows: { id: string; seq: string }[] };
      expect(rows.rows.map((r) => Number(r.id))).toEqual(
        rows.rows.map((r) => Number(r.id)).sort((a, b) => b - a),
      );
    } else {
      await db.transaction((tx) =>
        audit.stage(tx, { merchantCode: 'PORTICO', actor: 'system', action: 'LATE', subject }),
      );
      await audit.link();
    }
    expect(await audit.verify()).toMatchObject({ ok: true });
  });

  it('refuses to change a staged row, or to link a row again', async () => {
    const db = t.database.db;
    const audit = createAuditLog(db);
    await db.transaction(async (tx) => {
      await audit.stage(tx, { merchantCode: 'PORTICO', actor: 'system', action: 'STAGED' });
      await expect(
        tx.transaction((inner) =>
          inner.execute(sql`update audit_log set actor = 'x' where action = 'STAGED'`),
        ),
      ).rejects.toThrow();
    });
    await audit.link();
    await expect(
      db.execute(sql`update audit_log set seq = seq + 1000000 where action = 'STAGED'`),
    ).rejects.toThrow();
    expect(await audit.verify()).toMatchObject({ ok: true });
  });

  it('links the records of concurrent transfers of two processes, none of them waiting on the chain', async () => {
    const db = t.database.db;
    const member = await memberWithToken(db, 'audit_concurrent', 100_000n);
    // Two processes: each its own ledger and audit log (its own linker).
    const processes = [0, 1].map(() => ({ ledger: createLedger(db), audit: createAuditLog(db) }));
    const ids = await processes[0]!.ledger.memberWallets('PORTICO', member.id, ['MAIN', 'AG']);
    const moves = Array.from({ length: 40 }, async (_, i) => {
      const { ledger, audit } = processes[i % 2]!;
      const hook = auditedMove(audit, { merchantCode: 'PORTICO', id: member.id }, 'WALLET_TRANSFER_IN', {
        vendor: 'AG',
        amount: BigInt(i + 1),
      });
      // The one-statement posting writes the record with the money, unlinked.
      expect(hook.inStatement).toBeDefined();
      const posted = await ledger.post(
        'PORTICO',
        `audit-concurrent:${i}`,
        'VENDOR_TRANSFER',
        [
          { walletId: ids.get('MAIN')!, amount: -BigInt(i + 1) },
          { walletId: ids.get('AG')!, amount: BigInt(i + 1) },
        ],
        {},
        hook,
      );
      audit.linkSoon();
      return posted.transactionId;
    });
    const transactions = await Promise.all(moves);
    const unlinked = async () =>
      (
        (await db.execute(sql`select count(*)::int as n from audit_log where seq is null`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    // Nobody waited: the passes linked every record soon after.
    await vi.waitFor(async () => expect(await unlinked()).toBe(0), { timeout: 10_000, interval: 20 });
    const rows = (await db.execute(
      sql`select subject from audit_log where actor = ${`member:${member.id}`} order by seq`,
    )) as unknown as { rows: { subject: { transactionId: number } }[] };
    expect(rows.rows.map((r) => Number(r.subject.transactionId)).sort((a, b) => a - b)).toEqual(
      [...transactions].sort((a, b) => a - b),
    );
    expect(await processes[1]!.audit.verify()).toEqual({ ok: true, rows: expect.any(Number) });
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
