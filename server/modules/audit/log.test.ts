import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createLedger } from '../wallet/ledger.ts';
import { auditedMove } from '../wallet/service.ts';
import { createAuditLog } from './log.ts';

/** The database's refusal, as the driver's error that drizzle's wraps. */
const refused = (text: string) => ({
  cause: expect.objectContaining({ message: expect.stringContaining(text) }),
});

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
        sql`select a.id from audit_log a join audit_chain c on c.audit_id = a.id
          where a.action in ('LATE', 'EARLY') order by c.seq`,
      )) as unknown as { rows: { id: string }[] };
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

  it('refuses to change a staged row, and to change, remove or repeat a link of the chain', async () => {
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
    const staged = sql`(select id from audit_log where action = 'STAGED')`;
    await expect(
      db.execute(sql`update audit_chain set hash = prev_hash where audit_id = ${staged}`),
    ).rejects.toMatchObject(refused('append-only'));
    await expect(db.execute(sql`delete from audit_chain where audit_id = ${staged}`)).rejects.toMatchObject(
      refused('append-only'),
    );
    await expect(
      db.execute(sql`insert into audit_chain (seq, audit_id, prev_hash, hash)
        select max(seq) + 1, ${staged}, max(hash), max(hash) from audit_chain`),
    ).rejects.toMatchObject(refused('audit_chain_audit_id_unique'));
    // A row without the text its hash covers could not be chained: refused.
    await expect(
      db.execute(
        sql`insert into audit_log (merchant_code, actor, action) values ('PORTICO', 'system', 'BARE')`,
      ),
    ).rejects.toMatchObject(refused('canonical body'));
    expect(await audit.verify()).toMatchObject({ ok: true });
  });

  it('finds a row that left the queue without being chained, and chains it once it is back', async () => {
    const db = t.database.db;
    const audit = createAuditLog(db);
    await db.transaction((tx) =>
      audit.stage(tx, { merchantCode: 'PORTICO', actor: 'system', action: 'LOST' }),
    );
    const { rows } = (await db.execute(
      sql`delete from audit_pending where id = (select id from audit_log where action = 'LOST') returning id, body`,
    )) as unknown as { rows: { id: string; body: string }[] };
    const lost = rows[0]!;
    expect(await audit.verify()).toMatchObject({
      ok: false,
      brokenAt: Number(lost.id),
      why: 'the row is not in the chain',
    });
    await db.execute(sql`insert into audit_pending (id, body) values (${lost.id}, ${lost.body})`);
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
        (await db.execute(sql`select count(*)::int as n from audit_pending`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    // Nobody waited: the passes linked every record soon after.
    await vi.waitFor(async () => expect(await unlinked()).toBe(0), { timeout: 10_000, interval: 20 });
    const rows = (await db.execute(
      sql`select a.subject from audit_log a join audit_chain c on c.audit_id = a.id
        where a.actor = ${`member:${member.id}`} order by c.seq`,
    )) as unknown as { rows: { subject: { transactionId: number } }[] };
    expect(rows.rows.map((r) => Number(r.subject.transactionId)).sort((a, b) => a - b)).toEqual(
      [...transactions].sort((a, b) => a - b),
    );
    // Chaining wrote no new version of a record: each is the one its transfer's statement wrote.
    const rewritten = (await db.execute(sql`select count(*)::int as n from audit_log a
      join ledger_transactions t on t.id = (a.subject->>'transactionId')::bigint
      where a.actor = ${`member:${member.id}`} and a.xmin <> t.xmin`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rewritten.rows[0]!.n).toBe(0);
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
