import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, executePrepared, type Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, wallets } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { assertSameRequest } from '../../lib/idempotency.ts';

/**
 * Extra statements of a fresh movement, run in its database transaction after the balances moved (the audit
 * record of a money action); a replay does not run it. A throw rolls the whole movement back.
 *
 * A hook that is one insert may also give it as `inStatement`: the insert, one row per row of `created` (the fresh
 * ledger transaction, a relation with its `id`). The ledger then writes the whole movement as one statement (see
 * `post`) and does not call the function.
 */
export type PostHook = ((tx: Tx, transactionId: number) => Promise<void>) & {
  inStatement?: (created: SQL) => SQL;
  /**
   * A value the one-statement posting also returns, so that the caller needs no read after it (a transfer's wallet
   * list): `select` is a scalar subquery that may name `moved` (each wallet it moved: `id`, `balance` after; other
   * rows read are as of the statement's start, which is after the request began), and `take` is given its value
   * before the posting returns, a replay's too. The transaction path never calls `take`: the caller reads instead.
   */
  alsoRead?: { select: (moved: SQL) => SQL; take: (value: unknown) => void };
};

/** How many wallet ids a ledger keeps (a few per active member). */
const WALLET_IDS_KEPT = 50_000;

/** The member wallet that holds a requested withdrawal until it is paid out or released. */
export const HELD_KIND = 'WITHDRAWAL_HOLD';

/** Told of each fresh posting: its merchant, kind and the money it moved (the credited legs), in minor units. */
export type PostingObserver = (merchantCode: string, kind: string, amount: bigint) => void;

/**
 * The observer of the request or job being run (the app's metrics, http/metrics.ts): ledgers are built in many
 * places, inside transactions too, and each reports to the app that runs it.
 */
export const postingObservers = new AsyncLocalStorage<PostingObserver>();

/** One side of a movement: a wallet and a signed amount in minor units. */
export interface Leg {
  walletId: number;
  amount: bigint;
}

export interface Posted {
  transactionId: number;
  /** True when the idempotency key was seen before: nothing moved, `reply` is the first one. */
  replayed: boolean;
  reply: Record<string, unknown>;
}

/**
 * The double-entry ledger: every movement is one transaction whose entries sum to zero, written with the balance
 * updates in one database transaction, keyed by an idempotency key. Member wallets never go below zero; house
 * wallets (the merchant's side) may.
 */
export function createLedger(db: Db) {
  // Wallet ids by merchant, member and kind. A wallet row is never deleted nor moved to another owner (its entries
  // reference it), so an id once read stays right: no write can make it stale. Only ids are kept, never a
  // balance. Bounded: the oldest ids go first (a Map iterates in insertion order).
  const walletIds = new Map<string, number>();
  const walletKey = (merchantCode: string, memberId: number, kind: string) =>
    `${merchantCode}\u0000${memberId}\u0000${kind}`;
  const rememberWallet = (key: string, id: number) => {
    if (walletIds.size >= WALLET_IDS_KEPT) walletIds.delete(walletIds.keys().next().value!);
    walletIds.set(key, id);
  };

  async function walletId(
    tx: Db | Tx,
    merchantCode: string,
    memberId: number | null,
    kind: string,
  ): Promise<number> {
    const owner = memberId === null ? isNull(wallets.memberId) : eq(wallets.memberId, memberId);
    const find = async () =>
      (
        await tx
          .select({ id: wallets.id })
          .from(wallets)
          .where(and(eq(wallets.merchantCode, merchantCode), owner, eq(wallets.kind, kind)))
      )[0]?.id;
    const found = await find();
    if (found !== undefined) return found;
    await tx.insert(wallets).values({ merchantCode, memberId, kind }).onConflictDoNothing();
    return (await find())!;
  }

  /** The general posting: a database transaction of several statements, the hook's run as a function. */
  async function postInTransaction(
    merchantCode: string,
    idempotencyKey: string,
    kind: string,
    legs: Leg[],
    reply: Record<string, unknown>,
    inTx: PostHook | undefined,
    requestHash: string | undefined,
  ): Promise<Posted> {
    return db.transaction(async (tx): Promise<Posted> => {
      const [created] = await tx
        .insert(ledgerTransactions)
        .values({ merchantCode, idempotencyKey, kind, reply, requestHash })
        .onConflictDoNothing()
        .returning({ id: ledgerTransactions.id });
      if (!created) {
        const [first] = await tx
          .select()
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.merchantCode, merchantCode),
              eq(ledgerTransactions.idempotencyKey, idempotencyKey),
            ),
          );
        if (requestHash) assertSameRequest(first!.requestHash, requestHash);
        return { transactionId: first!.id, replayed: true, reply: first!.reply };
      }
      // Lock in id order, so two movements over the same wallets never wait on each other crosswise.
      const ids = [...new Set(legs.map((l) => l.walletId))].sort((a, b) => a - b);
      const locked = await tx
        .select({
          id: wallets.id,
          merchantCode: wallets.merchantCode,
          memberId: wallets.memberId,
          balance: wallets.balance,
        })
        .from(wallets)
        .where(inArray(wallets.id, ids))
        .orderBy(wallets.id)
        .for('update');
      const balances = new Map(locked.map((w) => [w.id, w]));
      const entries = legs.map((leg) => {
        const w = balances.get(leg.walletId);
        if (!w || w.merchantCode !== merchantCode)
          throw new Error(`wallet ${leg.walletId} is not ${merchantCode}'s`);
        const after = w.balance + leg.amount;
        if (w.memberId !== null && after < 0n)
          throw new DomainError(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
        balances.set(w.id, { ...w, balance: after });
        return { walletId: w.id, amount: leg.amount, after };
      });
      // Every balance update and entry in one statement (one round trip, whatever the number of legs): a wallet
      // named by several legs moves by their sum, and each leg keeps its own entry and balance after.
      const legRows = sql.join(
        entries.map(
          (e, i) =>
            sql`(${i}::int, ${e.walletId}::int, ${e.amount.toString()}::bigint, ${e.after.toString()}::bigint)`,
        ),
        sql`, `,
      );
      // A movement of nothing (a zero win) is a transaction without entries.
      if (entries.length > 0)
        await tx.execute(sql`
        with leg (ord, wallet_id, amount, balance_after) as (values ${legRows}),
        moved as (
          update ${wallets} set balance = ${wallets.balance} + d.amount
          from (select wallet_id, sum(amount)::bigint as amount from leg group by wallet_id) d
          where ${wallets.id} = d.wallet_id
        )
        insert into ${ledgerEntries} (transaction_id, wallet_id, amount, balance_after)
        select ${created.id}::bigint, wallet_id, amount, balance_after from leg order by ord`);
      if (inTx) await inTx(tx, created.id);
      return { transactionId: created.id, replayed: false, reply };
    });
  }

  /**
   * A posting as one statement: one round trip, and its wallets stay locked only while the database runs it, not
   * across the network while a transaction's next statement travels. It locks the wallets in id order, checks them
   * (the merchant's, no member wallet below zero) and only then writes the transaction (its idempotency key), the
   * balances, the entries (each with its wallet's new balance: the legs name distinct wallets) and the hook's
   * insert. A seen key, short funds or a foreign wallet write nothing, and are told apart by a read afterwards.
   */
  async function postInOneStatement(
    merchantCode: string,
    idempotencyKey: string,
    kind: string,
    legs: Leg[],
    reply: Record<string, unknown>,
    inTx: PostHook | undefined,
    requestHash: string | undefined,
  ): Promise<Posted> {
    const legRows = sql.join(
      legs.map((l, i) => sql`(${i}::int, ${l.walletId}::int, ${l.amount.toString()}::bigint)`),
      sql`, `,
    );
    const hooked = inTx?.inStatement ? sql`, hooked as (${inTx.inStatement(sql`created`)})` : sql``;
    const alsoRead = inTx?.alsoRead ? sql`, ${inTx.alsoRead.select(sql`moved`)} as also_read` : sql``;
    const result = await executePrepared<{
      id: string | number | null;
      own: boolean;
      funded: boolean;
      also_read?: unknown;
    }>(
      db,
      sql`
      with leg (ord, wallet_id, amount) as (values ${legRows}),
      locked as (
        select w.id, w.member_id, w.balance from ${wallets} w
        where w.id in (select wallet_id from leg) and w.merchant_code = ${merchantCode}::text
        order by w.id for update
      ),
      verdict as (
        select count(*) = ${legs.length}::int as own,
          coalesce(bool_and(l.member_id is null or l.balance + leg.amount >= 0), true) as funded
        from locked l join leg on leg.wallet_id = l.id
      ),
      created as (
        insert into ${ledgerTransactions} (merchant_code, idempotency_key, kind, reply, request_hash)
        select ${merchantCode}::text, ${idempotencyKey}::text, ${kind}::text, ${JSON.stringify(reply)}::jsonb,
          ${requestHash ?? null}::text
        from verdict where own and funded
        on conflict do nothing
        returning id
      ),
      moved as (
        update ${wallets} w set balance = w.balance + leg.amount
        from leg where w.id = leg.wallet_id and exists (select 1 from created)
        returning w.id, w.balance
      ),
      entered as (
        insert into ${ledgerEntries} (transaction_id, wallet_id, amount, balance_after)
        select created.id, leg.wallet_id, leg.amount, moved.balance
        from created cross join leg join moved on moved.id = leg.wallet_id
        order by leg.ord
      )${hooked}
      select (select id from created) as id, verdict.own, verdict.funded${alsoRead} from verdict`,
    );
    const row = result.rows[0]!;
    inTx?.alsoRead?.take(row.also_read);
    if (row.id !== null) return { transactionId: Number(row.id), replayed: false, reply };
    const [first] = await db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.merchantCode, merchantCode),
          eq(ledgerTransactions.idempotencyKey, idempotencyKey),
        ),
      );
    if (first) {
      if (requestHash) assertSameRequest(first.requestHash, requestHash);
      return { transactionId: first.id, replayed: true, reply: first.reply };
    }
    if (!row.own) throw new Error(`a wallet of ${kind} is not ${merchantCode}'s`);
    if (!row.funded) throw new DomainError(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
    throw new Error(`${kind} ${idempotencyKey} wrote nothing`);
  }

  return {
    /** The wallet of a member (MAIN or a vendor code) or of the house, created on first use. */
    wallet: (merchantCode: string, memberId: number | null, kind: string) =>
      // One read when it exists (the common case); a racing first use is settled by the unique index.
      walletId(db, merchantCode, memberId, kind),

    /**
     * A member's wallets of these kinds (created on first use): kind → wallet id. No read once this ledger has seen
     * them all, else one read when they exist.
     */
    async memberWallets(
      merchantCode: string,
      memberId: number,
      kinds: string[],
    ): Promise<Map<string, number>> {
      const known = new Map<string, number>();
      for (const kind of kinds) {
        const id = walletIds.get(walletKey(merchantCode, memberId, kind));
        if (id !== undefined) known.set(kind, id);
      }
      if (known.size === kinds.length) return known;
      const find = async () =>
        new Map(
          (
            await db
              .select({ id: wallets.id, kind: wallets.kind })
              .from(wallets)
              .where(
                and(
                  eq(wallets.merchantCode, merchantCode),
                  eq(wallets.memberId, memberId),
                  inArray(wallets.kind, kinds),
                ),
              )
          ).map((w) => [w.kind, w.id]),
        );
      const remember = (found: Map<string, number>) => {
        for (const [kind, id] of found) rememberWallet(walletKey(merchantCode, memberId, kind), id);
        return found;
      };
      const found = await find();
      const missing = kinds.filter((k) => !found.has(k));
      if (missing.length === 0) return remember(found);
      await db
        .insert(wallets)
        .values(missing.map((kind) => ({ merchantCode, memberId, kind })))
        .onConflictDoNothing();
      return remember(await find());
    },

    async post(
      merchantCode: string,
      idempotencyKey: string,
      kind: string,
      legs: Leg[],
      reply: Record<string, unknown> = {},
      inTx?: PostHook,
      /** The request's fingerprint (`requestHash`): a replay of the key with another request is refused. */
      requestHash?: string,
    ): Promise<Posted> {
      if (legs.reduce((sum, l) => sum + l.amount, 0n) !== 0n)
        throw new Error(`unbalanced ${kind}: legs must sum to 0`);
      const distinct = new Set(legs.map((l) => l.walletId)).size === legs.length;
      const posted =
        legs.length > 0 && distinct && (!inTx || inTx.inStatement)
          ? await postInOneStatement(merchantCode, idempotencyKey, kind, legs, reply, inTx, requestHash)
          : await postInTransaction(merchantCode, idempotencyKey, kind, legs, reply, inTx, requestHash);
      if (!posted.replayed)
        postingObservers.getStore()?.(
          merchantCode,
          kind,
          legs.reduce((sum, l) => (l.amount > 0n ? sum + l.amount : sum), 0n),
        );
      return posted;
    },

    /**
     * Before answering a seen key with its first result: refused when the key's stored fingerprint is another
     * request's (a caller that finds its first result elsewhere than in `post`).
     */
    async assertSameRequest(
      merchantCode: string,
      idempotencyKey: string,
      requestHash: string,
    ): Promise<void> {
      const [row] = await db
        .select({ requestHash: ledgerTransactions.requestHash })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.merchantCode, merchantCode),
            eq(ledgerTransactions.idempotencyKey, idempotencyKey),
          ),
        );
      assertSameRequest(row?.requestHash, requestHash);
    },

    /** One wallet's balance, in minor units. */
    async walletBalance(walletId: number): Promise<bigint> {
      const [row] = await db
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(eq(wallets.id, walletId));
      return row?.balance ?? 0n;
    },

    /** What the member can spend: the main and vendor wallets, not money held for a withdrawal (minor units). */
    async memberBalance(merchantCode: string, memberId: number): Promise<bigint> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${wallets.balance}), 0)` })
        .from(wallets)
        .where(
          and(
            eq(wallets.merchantCode, merchantCode),
            eq(wallets.memberId, memberId),
            ne(wallets.kind, HELD_KIND),
          ),
        );
      return BigInt(row?.sum ?? 0);
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
