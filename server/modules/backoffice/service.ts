import { and, count, desc, eq, ilike, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OpsAuditEntry,
  OpsDraw,
  OpsMember,
  OpsMerchant,
  opsAudit,
  opsCreateBanner,
  opsDraws,
  opsMembers,
} from '../../../contract/backoffice.ts';
import { AGENT_TYPES, TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  banners,
  domains,
  lotteryBets,
  lotteryDraws,
  members,
  merchants,
  sessions,
  wallets,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { languagesOf, tyLanguageOf } from '../../http/locale.ts';
import { pictureUrl } from '../../http/pictures.ts';
import type { AuditLog } from '../audit/log.ts';
import { mustExist } from '../merchant/exists.ts';
import { MAIN } from '../wallet/service.ts';

type Query<C extends { query: z.ZodType }> = z.output<C['query']>;
const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
/** `%` and `_` typed in a search match themselves. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the back office reads and changes besides the modules' own operator calls. */
export function createBackoffice(db: Db, audit: AuditLog) {
  async function memberViews(rows: (typeof members.$inferSelect)[]): Promise<OpsMember[]> {
    const ids = rows.map((m) => m.id);
    const uplineIds = rows.flatMap((m) => (m.uplineId ? [m.uplineId] : []));
    const [uplines, balances, logins] = ids.length
      ? await Promise.all([
          uplineIds.length
            ? db
                .select({ id: members.id, account: members.account })
                .from(members)
                .where(inArray(members.id, uplineIds))
            : [],
          db
            .select({ id: wallets.memberId, balance: wallets.balance })
            .from(wallets)
            .where(and(eq(wallets.kind, MAIN), inArray(wallets.memberId, ids))),
          db
            .select({ id: sessions.memberId, at: max(sessions.createdAt) })
            .from(sessions)
            .where(inArray(sessions.memberId, ids))
            .groupBy(sessions.memberId),
        ])
      : [[], [], []];
    const upline = new Map(uplines.map((r) => [r.id, r.account]));
    const balance = new Map(balances.map((r) => [r.id, Number(r.balance)]));
    const lastLogin = new Map(logins.map((r) => [r.id, r.at]));
    return rows.map((m) => ({
      id: m.id,
      account: m.account,
      nickname: m.nickname,
      agentType: m.agentType,
      upline: m.uplineId ? (upline.get(m.uplineId) ?? null) : null,
      mobile: m.mobile,
      email: m.email,
      clubRank: m.clubRank,
      balance: balance.get(m.id) ?? 0,
      createdAt: m.createdAt.toISOString(),
      lastLoginAt: lastLogin.get(m.id)?.toISOString() ?? null,
      locked: m.lockedAt !== null,
    }));
  }

  return {
    /** `granted`: the operator's merchants (undefined: every one). */
    async merchants(granted?: string[]): Promise<OpsMerchant[]> {
      const [rows, doms] = await Promise.all([
        db
          .select()
          .from(merchants)
          .where(granted ? inArray(merchants.code, granted) : undefined)
          .orderBy(merchants.code),
        db.select().from(domains),
      ]);
      return rows.map((m) => ({
        code: m.code,
        name: m.brand.name,
        domains: doms.filter((d) => d.merchantCode === m.code).map((d) => d.domain),
        brand: m.brand,
        maintenance: m.maintenance,
        maintenanceEnd: m.maintenanceEnd?.toISOString() ?? null,
        restrictedCountries: m.restrictedCountries,
        features: m.settings.features ?? {},
        tyLanguage: tyLanguageOf(m.settings),
        languages: languagesOf(m.settings),
      }));
    },

    async members(merchantCode: string, q: Query<typeof opsMembers>) {
      const type: SQL | undefined =
        q.type === 'MEMBER'
          ? eq(members.agentType, 0)
          : q.type === 'AGENT'
            ? inArray(members.agentType, [...AGENT_TYPES])
            : q.type === 'TRIAL'
              ? eq(members.agentType, TRIAL_AGENT_TYPE)
              : undefined;
      const where = and(
        eq(members.merchantCode, merchantCode),
        type,
        q.account ? ilike(members.account, likeText(q.account)) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(members).where(where),
        db
          .select()
          .from(members)
          .where(where)
          .orderBy(desc(members.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
      ]);
      return { list: await memberViews(rows), totalPages: pages(total?.n ?? 0, q.pageSize) };
    },

    /** Locking ends every session of the account at once; the login refuses it until unlocked. */
    async lock(id: number, locked: boolean, remark?: string): Promise<OpsMember> {
      const row = await db.transaction(async (tx) => {
        const [m] = await tx
          .update(members)
          .set({ lockedAt: locked ? sql`coalesce(${members.lockedAt}, now())` : null })
          .where(eq(members.id, id))
          .returning();
        if (!m) throw new DomainError(404, 'NOT_FOUND', 'No such member');
        if (locked)
          await tx
            .update(sessions)
            .set({ revokedAt: new Date() })
            .where(and(eq(sessions.memberId, id), isNull(sessions.revokedAt)));
        await audit.append(tx, {
          merchantCode: m.merchantCode,
          actor: 'ops',
          action: locked ? 'MEMBER_LOCKED' : 'MEMBER_UNLOCKED',
          subject: { memberId: id, account: m.account, remark: remark ?? null },
        });
        return m;
      });
      const [view] = await memberViews([row]);
      return view!;
    },

    banners: async (merchantCode: string) =>
      (
        await db
          .select({
            id: banners.id,
            groupName: banners.groupName,
            linkageType: banners.linkageType,
            link: banners.link,
            titles: banners.titles,
            sort: banners.sort,
            pictureKey: banners.pictureKey,
          })
          .from(banners)
          .where(eq(banners.merchantCode, merchantCode))
          .orderBy(banners.groupName, banners.sort, banners.id)
      ).map(({ pictureKey, ...b }) => ({ ...b, pictureUrl: pictureKey ? pictureUrl(pictureKey) : null })),

    async addBanner(merchantCode: string, input: z.output<typeof opsCreateBanner.body>) {
      // Else the database refuses the row of a merchant that does not exist: a 500 instead of a 404.
      await mustExist(db, merchantCode);
      return db.transaction(async (tx) => {
        const [last] = await tx
          .select({ sort: max(banners.sort) })
          .from(banners)
          .where(and(eq(banners.merchantCode, merchantCode), eq(banners.groupName, input.groupName)));
        const [row] = await tx
          .insert(banners)
          .values({
            merchantCode,
            groupName: input.groupName,
            linkageType: input.linkageType,
            link: input.linkageType === 'NONE' ? '' : input.link,
            titles: input.titles as Record<string, string>,
            sort: input.sort ?? (last?.sort ?? -1) + 1,
          })
          .returning();
        await audit.append(tx, {
          merchantCode,
          actor: 'ops',
          action: 'BANNER_ADDED',
          subject: { bannerId: row!.id, group: input.groupName },
        });
        const { merchantCode: _m, pictureKey: _p, ...banner } = row!;
        return { ...banner, pictureUrl: null };
      });
    },

    async removeBanner(merchantCode: string, id: number) {
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(banners)
          .where(and(eq(banners.id, id), eq(banners.merchantCode, merchantCode)))
          .returning({ id: banners.id });
        if (!gone) throw new DomainError(404, 'NOT_FOUND', 'No such banner');
        await audit.append(tx, {
          merchantCode,
          actor: 'ops',
          action: 'BANNER_REMOVED',
          subject: { bannerId: id },
        });
        return id;
      });
    },

    /**
     * Draws (the platform's, shared by every merchant) with the bets of the operator's merchants (`granted`,
     * undefined: every one); a draw not yet revealed keeps its numbers and salt hidden here too.
     */
    async draws(
      q: Query<typeof opsDraws>,
      granted?: string[],
    ): Promise<{ list: OpsDraw[]; totalPages: number }> {
      const where = q.game ? eq(lotteryDraws.gameCode, q.game) : undefined;
      const betsOf = and(
        sql`${lotteryBets.drawId} = ${lotteryDraws.id}`,
        granted ? inArray(lotteryBets.merchantCode, granted) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(lotteryDraws).where(where),
        db
          .select({
            draw: lotteryDraws,
            bets: sql<number>`(select count(*)::int from ${lotteryBets} where ${betsOf})`,
            stake: sql<string>`(select coalesce(sum(${lotteryBets.stake}), 0)::text from ${lotteryBets} where ${betsOf})`,
          })
          .from(lotteryDraws)
          .where(where)
          .orderBy(desc(lotteryDraws.drawAt), desc(lotteryDraws.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
      ]);
      return {
        list: rows.map(({ draw: d, bets, stake }) => {
          const revealed = d.status !== 'COMMITTED';
          return {
            gameCode: d.gameCode,
            issue: d.issue,
            drawTime: d.drawAt.toISOString(),
            winningNumber: revealed ? d.numbers : '',
            commitment: d.commitment,
            salt: revealed ? d.salt : '',
            status: d.status,
            bets: Number(bets),
            stake: Number(stake),
          };
        }),
        totalPages: pages(total?.n ?? 0, q.pageSize),
      };
    },

    /** `granted`: the operator's merchants (undefined: every one, and the platform's own rows). */
    async audit(
      q: Query<typeof opsAudit>,
      granted?: string[],
    ): Promise<{ list: OpsAuditEntry[]; totalPages: number }> {
      const where = and(
        granted ? inArray(auditLog.merchantCode, granted) : undefined,
        q.merchant ? eq(auditLog.merchantCode, q.merchant) : undefined,
        q.actor ? ilike(auditLog.actor, likeText(q.actor)) : undefined,
        q.action ? ilike(auditLog.action, likeText(q.action)) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(auditLog).where(where),
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          merchantCode: r.merchantCode,
          actor: r.actor,
          action: r.action,
          subject: r.subject,
          at: r.at.toISOString(),
        })),
        totalPages: pages(total?.n ?? 0, q.pageSize),
      };
    },
  };
}
export type Backoffice = ReturnType<typeof createBackoffice>;
