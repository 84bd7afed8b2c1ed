import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditChain, auditLog, auditPending } from '../../db/schema/index.ts';
import { currentOperator } from '../../http/opsActor.ts';

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

/** How long `linkSoon` gathers staged records before one linking pass. */
const LINK_SOON_MS = 10;

/** Chains every committed queued row, in id order, after the chain's last row; returns how many it chained. */
const linkSql = sql`select portico_audit_chain() as n`;

/**
 * One linking pass at a time per audit log: a request that arrives while a pass runs waits for the next one (which
 * starts when the running one ends and links everything committed by then), so a process, which builds its audit log
 * once (the composition root, server/app.ts), keeps at most one connection on the chain's lock however many money
 * transactions commit at once.
 */
function createLinker(db: Db): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const pass = (): Promise<void> => {
    running = db.execute(linkSql).then(
      () => {
        running = undefined;
      },
      (err: unknown) => {
        running = undefined;
        throw err;
      },
    );
    return running;
  };
  return () => {
    if (queued) return queued;
    if (!running) return pass();
    const after = running;
    queued = after
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return pass();
      });
    return queued;
  };
}

/**
 * The audit log: append-only (database triggers refuse updates and deletes) and hash-chained (each row's hash
 * covers the previous row's), so a changed, removed or reordered row shows in `verify`. One chain for the server.
 * A row is written in its caller's transaction, which also queues it (`audit_pending`), and chained by
 * `portico_audit_chain()` (an `audit_chain` row each; the audit row itself is never written again), which takes
 * the chain's advisory lock, so concurrent writers keep the chain linear.
 * `append` links inside the caller's transaction (the lock is then held until that commit); `stage` leaves the
 * linking to `link()` after the commit, so money transactions do not queue on the lock.
 */
export function createAuditLog(db: Db) {
  const link = createLinker(db);
  // One pass for the records staged within a short while, not one per caller: under load every transfer would
  // otherwise start (or queue) a pass of its own, a transaction each.
  let soon: NodeJS.Timeout | undefined;
  const linkSoon = () => {
    if (soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      link().catch((err: unknown) => {
        // The rows stay committed and unlinked; the next pass (any process's, or `verify`'s) links them.
        console.error('audit: a linking pass failed', err);
      });
    }, LINK_SOON_MS);
    // A pass not yet started does not keep the process up: its rows wait for the next one.
    soon.unref();
  };

  /** The entry as stored: an operator call's actor named, the subject in canonical form (bigints as strings). */
  const stored = (entry: AuditEntry) => ({
    ...entry,
    actor: entry.actor === 'ops' ? (currentOperator() ?? 'ops') : entry.actor,
    subject: JSON.parse(canonical(entry.subject ?? {})) as Record<string, unknown>,
  });

  async function stage(tx: Tx, entry: AuditEntry): Promise<void> {
    const at = new Date();
    const e = stored(entry);
    const body = canonical([e.merchantCode, e.actor, e.action, e.subject, at.toISOString()]);
    await tx.insert(auditLog).values({ ...e, at, body });
  }

  /**
   * `stage` as an insert for a caller's own statement: one record for each row of `source` (a relation with an
   * `id`, e.g. the ledger transaction the same statement creates), its subject's `key` set to that id.
   */
  const stageFrom =
    (entry: AuditEntry, key: string) =>
    (source: SQL): SQL => {
      const at = new Date().toISOString();
      const e = stored(entry);
      // The body the hash covers, cut where the id goes (a random mark matches nothing else in it).
      const mark = `\u0000${randomUUID()}`;
      const [before, after, ...more] = canonical([
        e.merchantCode,
        e.actor,
        e.action,
        { ...e.subject, [key]: mark },
        at,
      ]).split(JSON.stringify(mark));
      if (after === undefined || more.length > 0) throw new Error('audit body: the id mark must occur once');
      return sql`insert into ${auditLog} (merchant_code, actor, action, subject, at, body)
        select ${e.merchantCode}::text, ${e.actor}::text, ${e.action}::text,
          ${JSON.stringify(e.subject)}::jsonb || jsonb_build_object(${key}::text, s.id),
          ${at}::timestamptz, ${before}::text || s.id::text || ${after}::text
        from ${source} s`;
    };

  async function append(tx: Tx, entry: AuditEntry): Promise<void> {
    await stage(tx, entry);
    await tx.execute(linkSql);
  }

  return {
    /** Appends inside the caller's transaction, so the record and the action commit (or fail) together. */
    append,
    /**
     * Writes the record inside the caller's transaction, unlinked: the caller calls `link()` once it committed
     * (a row left unlinked by a crash is linked by the next pass, and `verify` runs one first).
     */
    stage,
    stageFrom,
    /** Links every committed unlinked row (coalesced with a pass already under way in this process). */
    link,
    /**
     * Links soon, without waiting: for a caller whose record is committed and that need not see it linked (its
     * place in the chain is given by the pass, not by the caller; `verify` links first).
     */
    linkSoon,
    /** Appends in a transaction of its own. */
    record: async (entry: AuditEntry) => {
      await db.transaction((tx) => stage(tx, entry));
      await link();
    },

    /**
     * Walks the chain: the first broken row, or ok with the number of rows checked. Broken: a chain row missing,
     * out of order, naming no audit row or not matching the row's content, or an audit row neither chained nor
     * waiting for the next pass.
     */
    async verify(): Promise<
      { ok: true; rows: number } | { ok: false; rows: number; brokenAt: number; why: string }
    > {
      await link();
      let prev = GENESIS;
      let rows = 0;
      for (;;) {
        const page = await db
          .select({ link: auditChain, row: auditLog })
          .from(auditChain)
          .leftJoin(auditLog, eq(auditLog.id, auditChain.auditId))
          .where(gt(auditChain.seq, rows))
          .orderBy(asc(auditChain.seq))
          .limit(1000);
        if (page.length === 0) break;
        for (const { link: c, row: r } of page) {
          const broken = (why: string) => ({ ok: false as const, rows, brokenAt: c.auditId, why });
          if (c.seq !== rows + 1) return broken('a row is missing before this one');
          if (c.prevHash !== prev) return broken('previous hash does not match');
          if (!r) return broken('the chained row is missing');
          const expected = rowHash(
            prev,
            { merchantCode: r.merchantCode, actor: r.actor, action: r.action, subject: r.subject },
            r.at,
          );
          if (expected !== c.hash) return broken('row content does not match its hash');
          prev = expected;
          rows += 1;
        }
      }
      // One statement, so a pass that chains a row and takes it off the queue is seen whole or not at all.
      const [lost] = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            notExists(db.select({ n: sql`1` }).from(auditChain).where(eq(auditChain.auditId, auditLog.id))),
            notExists(db.select({ n: sql`1` }).from(auditPending).where(eq(auditPending.id, auditLog.id))),
          ),
        )
        .orderBy(asc(auditLog.id))
        .limit(1);
      if (lost) return { ok: false, rows, brokenAt: lost.id, why: 'the row is not in the chain' };
      return { ok: true, rows };
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
