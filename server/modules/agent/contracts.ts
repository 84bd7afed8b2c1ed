import { and, count, desc, eq, gt, inArray, type SQL, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AgentContract,
  CONTRACT_FEATURES,
  type ContractAction,
  type ContractKind,
  type ContractPeriod,
  type ContractTier,
} from '../../../contract/agent.ts';
import { AGENT_TYPES } from '../../../contract/member.ts';
import { type Db, pgErrorCode, type Tx } from '../../db/client.ts';
import {
  agentContracts,
  contractSettlements,
  members,
  memberTree,
  merchants,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { checkOrder, withinDays, zoneOf } from '../wallet/days.ts';
import { type ContractRow, rateOf } from './settlement.ts';
import { checkPast } from './team.ts';

const OPEN = ['PROPOSED', 'ACTIVE'] as const;
const PERIOD_NAMES: Record<ContractPeriod, string> = {
  D: 'Daily',
  W: 'Weekly',
  H: 'Semimonthly',
  M: 'Monthly',
};

const notEnabled = () => new DomainError(403, 'FORBIDDEN', 'Function not enabled');
const notFound = () => new DomainError(404, 'NOT_FOUND', 'Contract not found');
const noLongerOpen = () => new DomainError(409, 'CONFLICT', 'This offer is no longer open');
const invalid = (fields: Record<string, string>) =>
  new DomainError(400, 'VALIDATION', Object.values(fields)[0]!, fields);

export const percent = (rateBp: number) => `${(rateBp / 100).toFixed(2)} %`;

/** Tiers must rise: members and bet amount not below the previous tier's (not both equal), rate not below it. */
export function tierProblems(tiers: ContractTier[]): Record<string, string> {
  const fields: Record<string, string> = {};
  tiers.forEach((t, i) => {
    const prev = tiers[i - 1];
    if (!prev) return;
    if (t.activeMembers < prev.activeMembers)
      fields[`tiers.${i}.activeMembers`] = 'At least the previous tier’s active members';
    if (t.betAmount < prev.betAmount)
      fields[`tiers.${i}.betAmount`] = 'At least the previous tier’s bet amount';
    if (t.activeMembers === prev.activeMembers && t.betAmount === prev.betAmount)
      fields[`tiers.${i}.betAmount`] = 'Each tier needs more active members or a higher bet amount';
    if (t.rateBp < prev.rateBp) fields[`tiers.${i}.rateBp`] = 'At least the previous tier’s rate';
  });
  return fields;
}

/** Each offered tier's rate against the proposer's own rate for a team at that tier's thresholds. */
export function capProblems(own: ContractTier[], offered: ContractTier[]): Record<string, string> {
  const fields: Record<string, string> = {};
  offered.forEach((t, i) => {
    const cap = rateOf(own, { activeMembers: t.activeMembers, bet: BigInt(t.betAmount) });
    if (t.rateBp > cap) fields[`tiers.${i}.rateBp`] = `At most ${percent(cap)} (your own rate for this team)`;
  });
  return fields;
}

/** Two writers raced for the one open contract of a kind a downline may hold: the loser is told to look again. */
async function unlessRaced<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new DomainError(409, 'CONFLICT', 'This contract has just changed, please try again');
    throw err;
  }
}

/**
 * Contract negotiation (spec §4: accept, reject, terminate) and the agent's reads. An offer goes from an agent with
 * a contract of the kind in force to a direct downline agent; every change runs in one transaction that locks the
 * rows it decides on, upline's contract first, so an accept and a terminate of the same offer cannot both win.
 */
export function createContracts(db: Db, deps: { audit: AuditLog; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const { audit } = deps;
  const uplineMember = alias(members, 'upline_member');
  const downlineMember = alias(members, 'downline_member');

  function requireFeature(merchant: Merchant, kind: ContractKind) {
    if (!merchant.settings.features[CONTRACT_FEATURES[kind]]) throw notEnabled();
  }

  async function views(where: SQL | undefined): Promise<AgentContract[]> {
    const rows = await db
      .select({ c: agentContracts, up: uplineMember.account, down: downlineMember.account })
      .from(agentContracts)
      .leftJoin(uplineMember, eq(uplineMember.id, agentContracts.uplineId))
      .innerJoin(downlineMember, eq(downlineMember.id, agentContracts.downlineId))
      .where(where)
      .orderBy(agentContracts.id);
    return rows.map(({ c, up, down }) => ({
      id: c.id,
      kind: c.kind,
      upline: c.uplineId !== null ? { id: c.uplineId, account: up ?? '' } : null,
      downline: { id: c.downlineId, account: down },
      period: c.period,
      tiers: c.tiers,
      status: c.status,
      proposedAt: c.proposedAt.toISOString(),
      activeFrom: c.activeFrom?.toISOString() ?? null,
      endedAt: c.endedAt?.toISOString() ?? null,
    }));
  }
  const viewOf = async (id: number) => (await views(eq(agentContracts.id, id)))[0]!;

  /** The member's contracts of a kind in the given states, locked for the rest of the transaction. */
  const lockHeld = (tx: Tx, merchantCode: string, memberId: number, kind: ContractKind, status: string[]) =>
    tx
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.merchantCode, merchantCode),
          eq(agentContracts.downlineId, memberId),
          eq(agentContracts.kind, kind),
          inArray(agentContracts.status, status as ContractRow['status'][]),
        ),
      )
      .orderBy(agentContracts.id)
      .for('update');

  const end = (tx: Tx, ids: number[], at: Date, status: 'TERMINATED' | 'REJECTED' = 'TERMINATED') =>
    ids.length
      ? tx.update(agentContracts).set({ status, endedAt: at }).where(inArray(agentContracts.id, ids))
      : Promise.resolve();

  /** Ends every open contract of the kind further down the branch below `memberId` (locked in id order). */
  async function cascade(tx: Tx, c: ContractRow, at: Date): Promise<number[]> {
    const subtree = tx
      .select({ id: memberTree.descendantId })
      .from(memberTree)
      .where(and(eq(memberTree.ancestorId, c.downlineId), gt(memberTree.depth, 0)));
    const below = await tx
      .select({ id: agentContracts.id })
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.merchantCode, c.merchantCode),
          eq(agentContracts.kind, c.kind),
          inArray(agentContracts.status, [...OPEN]),
          inArray(agentContracts.downlineId, subtree),
        ),
      )
      .orderBy(agentContracts.id)
      .for('update');
    const ids = below.map((r) => r.id);
    await end(tx, ids, at);
    return ids;
  }

  /**
   * A holder's new terms are the ceiling of its direct downlines' contracts of the kind: those that no longer fit
   * (a rate above the new one, another dividend period) end now, with their branches.
   */
  async function endUnfitBelow(tx: Tx, holder: ContractRow, at: Date): Promise<number[]> {
    const below = await tx
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.merchantCode, holder.merchantCode),
          eq(agentContracts.kind, holder.kind),
          eq(agentContracts.uplineId, holder.downlineId),
          inArray(agentContracts.status, [...OPEN]),
        ),
      )
      .orderBy(agentContracts.id)
      .for('update');
    const unfit = below.filter(
      (d) =>
        Object.keys(capProblems(holder.tiers, d.tiers)).length > 0 ||
        (d.kind === 'DIVIDEND' && d.period !== holder.period),
    );
    await end(
      tx,
      unfit.map((d) => d.id),
      at,
    );
    const ended = unfit.map((d) => d.id);
    for (const d of unfit) if (d.status === 'ACTIVE') ended.push(...(await cascade(tx, d, at)));
    return ended;
  }

  async function accept(tx: Tx, c: ContractRow, agent: Member, at: Date) {
    const [own] = await lockHeld(tx, c.merchantCode, c.uplineId!, c.kind, ['ACTIVE']);
    const [offer] = await tx.select().from(agentContracts).where(eq(agentContracts.id, c.id)).for('update');
    if (offer?.status !== 'PROPOSED') throw noLongerOpen();
    const fits =
      own &&
      Object.keys(capProblems(own.tiers, offer.tiers)).length === 0 &&
      (offer.kind !== 'DIVIDEND' || own.period === offer.period);
    if (!fits)
      throw new DomainError(
        409,
        'CONFLICT',
        'Your upline’s contract has changed: this offer no longer fits it',
      );
    const previous = await lockHeld(tx, c.merchantCode, agent.id, c.kind, ['ACTIVE']);
    await end(
      tx,
      previous.map((p) => p.id),
      at,
    );
    await tx
      .update(agentContracts)
      .set({ status: 'ACTIVE', activeFrom: at })
      .where(eq(agentContracts.id, c.id));
    return { replaced: previous.map((p) => p.id), unfit: await endUnfitBelow(tx, offer, at) };
  }

  async function terminate(tx: Tx, c: ContractRow, at: Date) {
    const [row] = await tx.select().from(agentContracts).where(eq(agentContracts.id, c.id)).for('update');
    if (row?.status !== 'PROPOSED' && row?.status !== 'ACTIVE')
      throw new DomainError(409, 'CONFLICT', 'This contract has already ended');
    await end(tx, [c.id], at);
    // An offer ends alone; a contract in force takes its branch's contracts of the kind with it.
    return { cascaded: row.status === 'ACTIVE' ? await cascade(tx, row, at) : [] };
  }

  return {
    async list(merchant: Merchant, agent: Member, kind: ContractKind) {
      requireFeature(merchant, kind);
      // Every status: an ended contract is what a pair sees when nothing is live (an offer rejected, a contract
      // terminated); contracts are few per pair, unlike settlements.
      const ofKind = (who: SQL) =>
        and(eq(agentContracts.merchantCode, merchant.code), eq(agentContracts.kind, kind), who);
      const mine = await views(ofKind(eq(agentContracts.downlineId, agent.id)));
      const directs = await db
        .select({ id: members.id, account: members.account })
        .from(members)
        .where(
          and(
            eq(members.merchantCode, merchant.code),
            eq(members.uplineId, agent.id),
            inArray(members.agentType, [...AGENT_TYPES]),
          ),
        )
        .orderBy(members.id);
      const theirs = directs.length
        ? await views(
            ofKind(
              inArray(
                agentContracts.downlineId,
                directs.map((d) => d.id),
              ),
            ),
          )
        : [];
      const held = (list: AgentContract[], id: number) => {
        const own = list.filter((c) => c.downline.id === id);
        return {
          active: own.find((c) => c.status === 'ACTIVE') ?? null,
          proposed: own.find((c) => c.status === 'PROPOSED') ?? null,
          // Views come in id order: the last ended one is the newest.
          ended: own.findLast((c) => c.status === 'REJECTED' || c.status === 'TERMINATED') ?? null,
        };
      };
      return {
        mine: held(mine, agent.id),
        downlines: directs.map((member) => ({ member, ...held(theirs, member.id) })),
      };
    },

    async propose(
      merchant: Merchant,
      agent: Member,
      body: { kind: ContractKind; downlineId: number; period?: ContractPeriod; tiers: ContractTier[] },
    ): Promise<AgentContract> {
      requireFeature(merchant, body.kind);
      const [downline] = await db
        .select({ member: members })
        .from(memberTree)
        .innerJoin(members, eq(members.id, memberTree.descendantId))
        .where(
          and(
            eq(memberTree.ancestorId, agent.id),
            eq(memberTree.descendantId, body.downlineId),
            gt(memberTree.depth, 0),
            eq(members.merchantCode, merchant.code),
          ),
        );
      if (!downline) throw new DomainError(404, 'NOT_FOUND', 'Account not found');
      const d = downline.member;
      if (d.uplineId !== agent.id || !(AGENT_TYPES as readonly number[]).includes(d.agentType))
        throw invalid({ downlineId: 'Choose one of your direct downline agents' });
      const rising = tierProblems(body.tiers);
      if (Object.keys(rising).length) throw invalid(rising);
      const at = now();
      const id = await unlessRaced(() =>
        db.transaction(async (tx) => {
          const [own] = await lockHeld(tx, merchant.code, agent.id, body.kind, ['ACTIVE']);
          if (!own) throw new DomainError(403, 'FORBIDDEN', 'You have no contract of this kind to offer');
          const period = body.kind === 'DIVIDEND' ? (body.period ?? null) : null;
          if (body.kind === 'DIVIDEND' && period !== own.period)
            throw invalid({
              period: `Your own contract is ${PERIOD_NAMES[own.period ?? 'D']}: offer the same period`,
            });
          const capped = capProblems(own.tiers, body.tiers);
          if (Object.keys(capped).length) throw invalid(capped);
          // A new offer replaces the one still waiting for an answer.
          const pending = await lockHeld(tx, merchant.code, d.id, body.kind, ['PROPOSED']);
          await end(
            tx,
            pending.map((p) => p.id),
            at,
          );
          const [row] = await tx
            .insert(agentContracts)
            .values({
              merchantCode: merchant.code,
              kind: body.kind,
              uplineId: agent.id,
              downlineId: d.id,
              period,
              tiers: body.tiers,
              status: 'PROPOSED',
              proposedAt: at,
            })
            .returning();
          await audit.append(tx, {
            merchantCode: merchant.code,
            actor: `member:${agent.id}`,
            action: 'CONTRACT_PROPOSE',
            subject: {
              contractId: row!.id,
              kind: body.kind,
              downlineId: d.id,
              period,
              tiers: body.tiers,
              replaced: pending.map((p) => p.id),
            },
          });
          return row!.id;
        }),
      );
      return viewOf(id);
    },

    async act(merchant: Merchant, agent: Member, id: number, action: ContractAction): Promise<AgentContract> {
      const [c] = await db
        .select()
        .from(agentContracts)
        .where(and(eq(agentContracts.id, id), eq(agentContracts.merchantCode, merchant.code)));
      if (!c || (c.uplineId !== agent.id && c.downlineId !== agent.id)) throw notFound();
      requireFeature(merchant, c.kind);
      if (action === 'TERMINATE' && c.uplineId !== agent.id)
        throw new DomainError(403, 'FORBIDDEN', 'Only the upline who offered this contract can terminate it');
      if (action !== 'TERMINATE' && c.downlineId !== agent.id)
        throw new DomainError(403, 'FORBIDDEN', 'Only the agent this contract is offered to can answer it');
      const at = now();
      await unlessRaced(() =>
        db.transaction(async (tx) => {
          let detail: Record<string, unknown> = {};
          if (action === 'ACCEPT') detail = await accept(tx, c, agent, at);
          else if (action === 'TERMINATE') detail = await terminate(tx, c, at);
          else {
            const done = await tx
              .update(agentContracts)
              .set({ status: 'REJECTED', endedAt: at })
              .where(and(eq(agentContracts.id, c.id), eq(agentContracts.status, 'PROPOSED')))
              .returning({ id: agentContracts.id });
            if (done.length === 0) throw noLongerOpen();
          }
          await audit.append(tx, {
            merchantCode: merchant.code,
            actor: `member:${agent.id}`,
            action: `CONTRACT_${action}`,
            subject: { contractId: c.id, kind: c.kind, ...detail },
          });
        }),
      );
      return viewOf(c.id);
    },

    async income(
      merchant: Merchant,
      agent: Member,
      q: { from: string; to: string; kind?: ContractKind; pageNo: number; pageSize: number },
    ) {
      checkOrder(q);
      checkPast(merchant, q);
      if (q.kind) requireFeature(merchant, q.kind);
      const s = contractSettlements;
      // Windows in which the team did not bet are recorded but say nothing: the page lists the others.
      const where = and(
        eq(s.merchantCode, merchant.code),
        eq(s.memberId, agent.id),
        gt(s.bet, 0n),
        ...(q.kind ? [eq(s.kind, q.kind)] : []),
        ...withinDays(s.windowStart, zoneOf(merchant), q),
      );
      const [totals] = await db
        .select({ n: count(), amount: sum(s.amount).mapWith(Number) })
        .from(s)
        .where(where);
      const rows = await db
        .select()
        .from(s)
        .where(where)
        .orderBy(desc(s.windowStart), desc(s.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return {
        list: rows.map((r) => ({
          id: r.id,
          contractId: r.contractId,
          kind: r.kind,
          windowStart: r.windowStart.toISOString(),
          windowEnd: r.windowEnd.toISOString(),
          activeMembers: r.activeMembers,
          bet: Number(r.bet),
          base: Number(r.base),
          rateBp: r.rateBp,
          gross: Number(r.gross),
          deducted: Number(r.deducted),
          amount: Number(r.amount),
          at: r.createdAt.toISOString(),
        })),
        totals: { amount: totals?.amount ?? 0 },
        totalPages: Math.ceil((totals?.n ?? 0) / q.pageSize),
      };
    },

    /** Operator: the house gives an agent its contract of a kind, in force at once (replacing the one it had). */
    async grant(
      merchantCode: string,
      body: { account: string; kind: ContractKind; period?: ContractPeriod; tiers: ContractTier[] },
    ): Promise<AgentContract> {
      const [merchant] = await db.select().from(merchants).where(eq(merchants.code, merchantCode));
      if (!merchant) throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${merchantCode}"`);
      requireFeature(merchant, body.kind);
      const [agent] = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.account, body.account.toLowerCase())));
      if (!agent)
        throw new DomainError(404, 'NOT_FOUND', 'Account not found', { account: 'Account not found' });
      if (!(AGENT_TYPES as readonly number[]).includes(agent.agentType))
        throw invalid({ account: 'Not an agent account' });
      if (body.kind === 'DIVIDEND' && !body.period) throw invalid({ period: 'Choose a period' });
      const rising = tierProblems(body.tiers);
      if (Object.keys(rising).length) throw invalid(rising);
      const period = body.kind === 'DIVIDEND' ? body.period! : null;
      const at = now();
      const id = await unlessRaced(() =>
        db.transaction(async (tx) => {
          const previous = await lockHeld(tx, merchantCode, agent.id, body.kind, ['ACTIVE']);
          await end(
            tx,
            previous.map((p) => p.id),
            at,
          );
          const [row] = await tx
            .insert(agentContracts)
            .values({
              merchantCode,
              kind: body.kind,
              uplineId: null,
              downlineId: agent.id,
              period,
              tiers: body.tiers,
              status: 'ACTIVE',
              proposedAt: at,
              activeFrom: at,
            })
            .returning();
          const unfit = await endUnfitBelow(tx, row!, at);
          await audit.append(tx, {
            merchantCode,
            actor: 'ops',
            action: 'CONTRACT_GRANT',
            subject: {
              contractId: row!.id,
              kind: body.kind,
              memberId: agent.id,
              period,
              tiers: body.tiers,
              replaced: previous.map((p) => p.id),
              unfit,
            },
          });
          return row!.id;
        }),
      );
      return viewOf(id);
    },
  };
}
export type Contracts = ReturnType<typeof createContracts>;
