import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { RewardTicket, TicketStatus, TicketType } from '../../../contract/rewards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members, rewardTickets } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import type { RandomInt } from '../inhouse/random.ts';
import type { RulesStore } from '../rules/store.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { MAIN } from '../wallet/service.ts';
import { drawPrize, publicTables, TICKET_RULES } from './rules.ts';

type Row = typeof rewardTickets.$inferSelect;

const DAY_MS = 86_400_000;
export const TICKET_PRIZE = 'TICKET_PRIZE';

const expired = () => new DomainError(409, 'CONFLICT', 'This ticket has expired and can no longer be opened');
const noTicket = () => new DomainError(404, 'NOT_FOUND', 'No such ticket');

/** Expiry is not stored: an unopened ticket past its time reads as EXPIRED (here and in `statusAt`). */
const statusOf = (row: Row, now: Date): TicketStatus =>
  row.status === 'AVAILABLE' && row.expiresAt <= now ? 'EXPIRED' : (row.status as TicketStatus);

const statusAt = (now: Date): SQL<TicketStatus> =>
  sql<TicketStatus>`case when ${rewardTickets.status} = 'AVAILABLE' and ${rewardTickets.expiresAt} <= ${now.toISOString()}::timestamptz then 'EXPIRED' else ${rewardTickets.status} end`;

const view = (row: Row, now: Date): RewardTicket => ({
  id: row.id,
  type: row.type as TicketType,
  source: row.source,
  status: statusOf(row, now),
  prize: row.prize === null ? null : Number(row.prize),
  prizeIndex: row.prizeIndex,
  expiresAt: row.expiresAt.toISOString(),
  openedAt: row.openedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export interface TicketDeps {
  ledger: Ledger;
  audit: AuditLog;
  rules: RulesStore;
  random: RandomInt;
  now?: () => Date;
}

/**
 * Reward tickets: awarded once per source event, opened once. Opening draws the prize and pays it from the house's
 * promotion wallet under the key `ticket:<id>`; the ticket turns OPENED in the same database transaction, so a
 * second (or concurrent) opening replays the first payment and answers its prize.
 */
export function createTicketService(db: Db, deps: TicketDeps) {
  const { ledger, audit, rules, random } = deps;
  const now = deps.now ?? (() => new Date());

  const mine = (merchantCode: string, memberId: number) =>
    and(eq(rewardTickets.merchantCode, merchantCode), eq(rewardTickets.memberId, memberId));

  async function find(merchantCode: string, memberId: number, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(rewardTickets)
      .where(and(mine(merchantCode, memberId), eq(rewardTickets.id, id)));
    if (!row) throw noTicket();
    return row;
  }

  async function opened(merchantCode: string, row: Row) {
    return {
      ticket: view(row, now()),
      prize: Number(row.prize ?? 0n),
      prizeIndex: row.prizeIndex,
      balance: Number(await ledger.memberBalance(merchantCode, row.memberId)),
    };
  }

  async function award(
    exec: Tx,
    t: { merchantCode: string; memberId: number; type: TicketType; source: string; sourceRef: string },
    actor: string,
  ): Promise<RewardTicket> {
    const table = await rules.get(t.merchantCode, TICKET_RULES, exec);
    const at = now();
    const [created] = await exec
      .insert(rewardTickets)
      .values({ ...t, expiresAt: new Date(at.getTime() + table[t.type].expiryDays * DAY_MS), createdAt: at })
      .onConflictDoNothing()
      .returning();
    if (created)
      await audit.append(exec, {
        merchantCode: t.merchantCode,
        actor,
        action: 'TICKET_AWARD',
        subject: {
          ticketId: created.id,
          memberId: t.memberId,
          type: t.type,
          source: t.source,
          ref: t.sourceRef,
        },
      });
    const row =
      created ??
      (
        await exec
          .select()
          .from(rewardTickets)
          .where(
            and(
              mine(t.merchantCode, t.memberId),
              eq(rewardTickets.source, t.source),
              eq(rewardTickets.sourceRef, t.sourceRef),
            ),
          )
      )[0]!;
    return view(row, at);
  }

  return {
    /**
     * Gives a member a ticket for one event (`source` + `sourceRef`, e.g. DEPOSIT + the order id); the same event
     * again returns the ticket it already gave. Pass `tx` when called inside another transaction.
     */
    awardTicket(
      merchantCode: string,
      memberId: number,
      type: TicketType,
      source: string,
      sourceRef: string,
      opts: { tx?: Tx; actor?: string } = {},
    ): Promise<RewardTicket> {
      const t = { merchantCode, memberId, type, source, sourceRef };
      const actor = opts.actor ?? 'system';
      return opts.tx ? award(opts.tx, t, actor) : db.transaction((tx) => award(tx, t, actor));
    },

    /** Operator: a ticket for a member named by account (each call is its own event). */
    async awardByAccount(merchantCode: string, account: string, type: TicketType) {
      const [member] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.account, account)));
      if (!member)
        throw new DomainError(404, 'NOT_FOUND', `No member "${account}" at ${merchantCode}`, {
          account: 'No such member',
        });
      return this.awardTicket(merchantCode, member.id, type, 'OPS', randomUUID(), { actor: 'ops' });
    },

    async list(
      merchantCode: string,
      memberId: number,
      q: { status?: TicketStatus; pageNo: number; pageSize: number },
    ) {
      const at = now();
      const status = statusAt(at);
      const where = and(mine(merchantCode, memberId), ...(q.status ? [sql`${status} = ${q.status}`] : []));
      const [rows, byStatus] = await Promise.all([
        db
          .select()
          .from(rewardTickets)
          .where(where)
          .orderBy(desc(rewardTickets.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db
          .select({ status, n: count() })
          .from(rewardTickets)
          .where(mine(merchantCode, memberId))
          .groupBy(sql`1`),
      ]);
      const counts = { AVAILABLE: 0, OPENED: 0, EXPIRED: 0 };
      for (const c of byStatus) counts[c.status] = c.n;
      const matching = q.status ? counts[q.status] : counts.AVAILABLE + counts.OPENED + counts.EXPIRED;
      return {
        list: rows.map((r) => view(r, at)),
        totalPages: Math.ceil(matching / q.pageSize),
        counts,
      };
    },

    async prizes(merchantCode: string) {
      return publicTables(await rules.get(merchantCode, TICKET_RULES));
    },

    /** Opens the member's ticket: pays its drawn prize once; an opened ticket answers its prize again. */
    async open(merchantCode: string, memberId: number, input: { ticketId: number; choice?: number }) {
      const row = await find(merchantCode, memberId, input.ticketId);
      if (row.status === 'OPENED') return opened(merchantCode, row);
      const at = now();
      if (statusOf(row, at) === 'EXPIRED') throw expired();
      const type = row.type as TicketType;
      if (type === 'GOLDEN_EGG' && input.choice === undefined)
        throw new DomainError(400, 'VALIDATION', 'Choose an egg to break', {
          choice: 'Choose an egg to break',
        });
      const draw = drawPrize(await rules.get(merchantCode, TICKET_RULES), type, random, input.choice);
      const amount = BigInt(draw.prize);
      const promo = await ledger.wallet(merchantCode, null, 'HOUSE_PROMO');
      const main = await ledger.wallet(merchantCode, memberId, MAIN);
      await ledger.post(
        merchantCode,
        `ticket:${row.id}`,
        TICKET_PRIZE,
        [
          { walletId: promo, amount: -amount },
          { walletId: main, amount },
        ],
        { ticketId: row.id, remark: type, ...draw },
        async (tx, transactionId) => {
          const done = await tx
            .update(rewardTickets)
            .set({
              status: 'OPENED',
              prize: amount,
              prizeIndex: draw.prizeIndex,
              ledgerTransactionId: transactionId,
              openedAt: at,
            })
            .where(
              and(
                eq(rewardTickets.id, row.id),
                eq(rewardTickets.status, 'AVAILABLE'),
                gt(rewardTickets.expiresAt, at),
              ),
            )
            .returning({ id: rewardTickets.id });
          if (done.length === 0) throw expired();
          await audit.append(tx, {
            merchantCode,
            actor: `member:${memberId}`,
            action: 'TICKET_OPEN',
            subject: { ticketId: row.id, type, prize: amount, prizeIndex: draw.prizeIndex, transactionId },
          });
        },
      );
      // A concurrent opening that lost the race replayed the winner's payment: the stored row has its prize.
      return opened(merchantCode, await find(merchantCode, memberId, row.id));
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
