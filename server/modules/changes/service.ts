import { and, asc, eq } from 'drizzle-orm';
import type { Change, ChangeKind, ChangeStatus } from '../../../contract/changes.ts';
import { type Db, pgErrorCode, type Tx } from '../../db/client.ts';
import { changes } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import type { OpsIdentity } from '../backoffice/operators.ts';
import { mustExist } from '../merchant/exists.ts';

type Value = Record<string, unknown>;
/** Who drafts or decides: operators are told apart by id (the environment token is 0). */
export type ChangeActor = Pick<OpsIdentity, 'id' | 'username'>;
type Row = typeof changes.$inferSelect;

/** A kind of thing whose changes need a second operator: how to read it and how to make a draft of it live. */
export interface ChangeSubject {
  /** Its label and the value in force (null: none yet); a 404 when the merchant has no such thing. */
  describe(
    exec: Db | Tx,
    merchantCode: string,
    ref: string,
  ): Promise<{ label: string; current: Value | null }>;
  /** Checks a proposed value (a 400 when it is not one), before it is drafted and again before it is applied. */
  check(ref: string, value: unknown): Value;
  /** Makes the value live, inside the approval's transaction. */
  apply(tx: Tx, merchantCode: string, ref: string, value: Value): Promise<void>;
}

export interface Draft {
  merchantCode: string;
  kind: ChangeKind;
  ref: string;
  value: unknown;
}

const notFound = () => new DomainError(404, 'NOT_FOUND', 'No such change');

/**
 * Maker-checker (contract/changes.ts): drafts of what pays members, approved or rejected by a FINANCE or ADMIN
 * operator, never by the drafter. Operators are compared by id, so the environment token (id 0) is one operator
 * too. Each step is audited in the transaction that takes it.
 */
export function createChanges(
  db: Db,
  deps: { audit: AuditLog; subjects: Record<ChangeKind, ChangeSubject>; now?: () => Date },
) {
  const { audit, subjects } = deps;
  const now = deps.now ?? (() => new Date());

  async function view(exec: Db | Tx, row: Row, viewer: ChangeActor): Promise<Change> {
    const kind = row.kind as ChangeKind;
    const { label, current } = await subjects[kind]
      .describe(exec, row.merchantCode, row.ref)
      .catch(() => ({ label: row.ref, current: null }));
    return {
      id: row.id,
      merchantCode: row.merchantCode,
      kind,
      ref: row.ref,
      label,
      current,
      proposed: row.value,
      status: row.status as ChangeStatus,
      draftedBy: row.draftedBy,
      draftedAt: row.draftedAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      remark: row.remark,
      mine: row.draftedById === viewer.id,
    };
  }

  /** Locks a pending change for a decision. */
  async function pending(tx: Tx, id: number): Promise<Row> {
    const [row] = await tx.select().from(changes).where(eq(changes.id, id)).for('update');
    if (!row) throw notFound();
    if (row.status !== 'DRAFT')
      throw new DomainError(409, 'CONFLICT', `This change is already ${row.status.toLowerCase()}`);
    return row;
  }

  async function decide(
    tx: Tx,
    row: Row,
    status: 'APPROVED' | 'REJECTED',
    by: ChangeActor,
    remark: string | null,
  ): Promise<Row> {
    const [done] = await tx
      .update(changes)
      .set({ status, decidedById: by.id, decidedBy: by.username, decidedAt: now(), remark })
      .where(eq(changes.id, row.id))
      .returning();
    return done!;
  }

  return {
    /**
     * Drafts a value inside the caller's transaction (so a new promotion and its draft commit together); a pending
     * draft of the same thing is replaced, so an approver decides on the value they were shown.
     */
    async draft(tx: Tx, d: Draft, by: ChangeActor): Promise<Change> {
      const subject = subjects[d.kind];
      const value = subject.check(d.ref, d.value);
      await subject.describe(tx, d.merchantCode, d.ref);
      const where = and(
        eq(changes.merchantCode, d.merchantCode),
        eq(changes.kind, d.kind),
        eq(changes.ref, d.ref),
        eq(changes.status, 'DRAFT'),
      );
      const replaced = await tx
        .update(changes)
        .set({
          status: 'REPLACED',
          decidedById: by.id,
          decidedBy: by.username,
          decidedAt: now(),
          remark: 'Replaced by a later draft',
        })
        .where(where)
        .returning({ id: changes.id });
      const [row] = await tx
        .insert(changes)
        .values({
          merchantCode: d.merchantCode,
          kind: d.kind,
          ref: d.ref,
          value,
          draftedById: by.id,
          draftedBy: by.username,
          draftedAt: now(),
        })
        .returning()
        .catch((err: unknown) => {
          // Another draft of the same thing committed in between.
          if (pgErrorCode(err) === '23505')
            throw new DomainError(
              409,
              'CONFLICT',
              'Another draft of this was just made: reload and try again',
            );
          throw err;
        });
      await audit.append(tx, {
        merchantCode: d.merchantCode,
        actor: 'ops',
        action: 'change.draft',
        subject: { changeId: row!.id, kind: d.kind, ref: d.ref, value, replaced: replaced.map((r) => r.id) },
      });
      return view(tx, row!, by);
    },

    /** Drafts a value in a transaction of its own. */
    draftNow(d: Draft, by: ChangeActor): Promise<Change> {
      return db.transaction((tx) => this.draft(tx, d, by));
    },

    /** The pending draft of one thing, if any. */
    async pendingOf(merchantCode: string, kind: ChangeKind, ref: string, viewer: ChangeActor) {
      const [row] = await db
        .select()
        .from(changes)
        .where(
          and(
            eq(changes.merchantCode, merchantCode),
            eq(changes.kind, kind),
            eq(changes.ref, ref),
            eq(changes.status, 'DRAFT'),
          ),
        );
      return row ? view(db, row, viewer) : null;
    },

    async list(merchantCode: string, q: { status: ChangeStatus; limit: number }, viewer: ChangeActor) {
      await mustExist(db, merchantCode);
      const rows = await db
        .select()
        .from(changes)
        .where(and(eq(changes.merchantCode, merchantCode), eq(changes.status, q.status)))
        .orderBy(asc(changes.id))
        .limit(q.limit);
      return Promise.all(rows.map((r) => view(db, r, viewer)));
    },

    /** The draft takes effect: by a FINANCE or ADMIN operator (the route's roles) who did not draft it. */
    approve(id: number, by: ChangeActor, remark?: string): Promise<Change> {
      return db.transaction(async (tx) => {
        const row = await pending(tx, id);
        if (row.draftedById === by.id)
          throw new DomainError(403, 'FORBIDDEN', 'You drafted this change: another operator approves it');
        const subject = subjects[row.kind as ChangeKind];
        const before = (await subject.describe(tx, row.merchantCode, row.ref)).current;
        const value = subject.check(row.ref, row.value);
        await subject.apply(tx, row.merchantCode, row.ref, value);
        const done = await decide(tx, row, 'APPROVED', by, remark ?? null);
        await audit.append(tx, {
          merchantCode: row.merchantCode,
          actor: 'ops',
          action: 'change.approve',
          subject: {
            changeId: id,
            kind: row.kind,
            ref: row.ref,
            draftedBy: row.draftedBy,
            before,
            after: value,
          },
        });
        return view(tx, done, by);
      });
    },

    /** The draft is dropped; what is in force stays. The drafter may withdraw their own draft this way. */
    reject(id: number, by: ChangeActor, remark?: string): Promise<Change> {
      return db.transaction(async (tx) => {
        const row = await pending(tx, id);
        const done = await decide(tx, row, 'REJECTED', by, remark ?? null);
        await audit.append(tx, {
          merchantCode: row.merchantCode,
          actor: 'ops',
          action: 'change.reject',
          subject: { changeId: id, kind: row.kind, ref: row.ref, draftedBy: row.draftedBy, remark },
        });
        return view(tx, done, by);
      });
    },
  };
}
export type Changes = ReturnType<typeof createChanges>;
