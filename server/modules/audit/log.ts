import { createHash } from 'node:crypto';
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { currentOperator } from '../../http/opsActor.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  merchantCode: string;
  /** 'member:<id>', 'ops' (stored as 'ops:<username>' inside an operator call), 'system', 'vendor:<code>'. */
  actor: string;
  action: string;
  subject?: Record<string, unknown>;
}

const GENESIS = '0'.repeat(64);

/** Canonical JSON (sorted keys), so a row's hash does not depend on key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : typeof v === 'bigint'
        ? v.toString()
        : v,
  );

const rowHash = (prevHash: string, e: Required<AuditEntry>, at: Date) =>
  createHash('sha256')
    .update(canonical([prevHash, e.merchantCode, e.actor, e.action, e.subject, at.toISOString()]))
    .digest('hex');

/**
 * The audit log: append-only (a database trigger refuses updates and deletes) and hash-chained (each row's hash
 * covers the previous row's), so a changed, removed or reordered row shows in `verify`. One chain for the server;
 * appends take an advisory lock so concurrent writers keep the chain linear.
 */
export function createAuditLog(db: Db) {
  async function append(tx: Tx, entry: AuditEntry): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portico:audit'))`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const at = new Date();
    // Stored as canonical JSON (bigints as strings), the same form the hash covers.
    const e = {
      ...entry,
      actor: entry.actor === 'ops' ? (currentOperator() ?? 'ops') : entry.actor,
      subject: JSON.parse(canonical(entry.subject ?? {})) as Record<string, unknown>,
    };
    const prevHash = last?.hash ?? GENESIS;
    await tx.insert(auditLog).values({ ...e, at, prevHash, hash: rowHash(prevHash, e, at) });
  }

  return {
    /** Appends inside the caller's transaction, so the record and the action commit (or fail) together. */
    append,
    /** Appends in a transaction of its own. */
    record: (entry: AuditEntry) => db.transaction((tx) => append(tx, entry)),

    /** Walks the chain: the first broken row, or ok with the number of rows checked. */
    async verify(): Promise<
      { ok: true; rows: number } | { ok: false; rows: number; brokenAt: number; why: string }
    > {
      let prev = GENESIS;
      let rows = 0;
      let after = 0;
      for (;;) {
        const page = await db
          .select()
          .from(auditLog)
          .where(gt(auditLog.id, after))
          .orderBy(asc(auditLog.id))
          .limit(1000);
        if (page.length === 0) return { ok: true, rows };
        for (const r of page) {
          if (r.prevHash !== prev)
            return { ok: false, rows, brokenAt: r.id, why: 'previous hash does not match' };
          const expected = rowHash(
            prev,
            { merchantCode: r.merchantCode, actor: r.actor, action: r.action, subject: r.subject },
            r.at,
          );
          if (expected !== r.hash)
            return { ok: false, rows, brokenAt: r.id, why: 'row content does not match its hash' };
          prev = r.hash;
          rows += 1;
          after = r.id;
        }
      }
    },

    /** A member's entries, newest first (the back-office's audit browser will page through these). */
    forMember: (memberId: number, limit = 50) =>
      db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actor, `member:${memberId}`))
        .orderBy(desc(auditLog.id))
        .limit(limit),
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
