import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import {
  gameRounds,
  ledgerEntries,
  ledgerTransactions,
  members,
  vendors,
  wallets,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { requestHash } from '../../lib/idempotency.ts';
import { INHOUSE_VENDOR, type VendorDrivers } from '../../ports/gameVendor.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import type { PaymentPasswords } from '../payments/paymentPassword.ts';
import { checkOrder, dayList, type DayRange as Range, withinDays, zoneOf } from './days.ts';
import type { Ledger, PostHook } from './ledger.ts';
import { roundsPage } from './rounds.ts';

export const MAIN = 'MAIN';
/** P&L answers at most this many days. */
export const MAX_PROFIT_DAYS = 93;

export interface WalletView {
  kind: string;
  balance: number;
}

export type TransferInput =
  | { requestId: string; direction: 'in' | 'out'; vendor: string; amount: number }
  | { requestId: string; direction: 'consolidate' };

/**
 * The audit record of a member's money movement, written in the ledger transaction that moves it. Staged, not
 * appended: the chain's lock would be held until the money transaction commits, and every transfer would queue
 * behind it. Whoever moved money links the chain after the commit (`audit.link()` or `audit.linkSoon()`).
 */
export const auditedMove = (
  audit: AuditLog,
  member: { merchantCode: string; id: number },
  action: string,
  subject: Record<string, unknown>,
): PostHook => {
  const entry = { merchantCode: member.merchantCode, actor: `member:${member.id}`, action, subject };
  // The same record either way: staged by the ledger's one-statement posting, or as the hook of a transaction.
  const hook: PostHook = (tx, transactionId) =>
    audit.stage(tx, { ...entry, subject: { ...subject, transactionId } });
  hook.inStatement = audit.stageFrom(entry, 'transactionId');
  return hook;
};

const notFound = (what: string) => new DomainError(404, 'NOT_FOUND', what);
const invalid = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });

/**
 * The member's wallets: transfers between the main wallet and vendor wallets (through each vendor's driver),
 * transfer to the upline, and the records read from the ledger and the game rounds. Every money action writes
 * its audit record in the ledger transaction that moves the money.
 */
export function createWalletService(
  db: Db,
  deps: { ledger: Ledger; drivers: VendorDrivers; audit: AuditLog; paymentPasswords: PaymentPasswords },
) {
  const { ledger, drivers, audit } = deps;

  const audited = (member: Member, action: string, subject: Record<string, unknown>) =>
    auditedMove(audit, member, action, subject);

  /** Vendor codes of the merchant that hold money at the vendor (every one but the in-house games). */
  const walletVendors = async (merchantCode: string) => {
    const rows = await db
      .select({ code: vendors.vassalage, sort: sql<number>`min(${vendors.sort})`.mapWith(Number) })
      .from(vendors)
      .where(and(eq(vendors.merchantCode, merchantCode), ne(vendors.vassalage, INHOUSE_VENDOR)))
      .groupBy(vendors.vassalage);
    return new Map(rows.map((r) => [r.code, r.sort]));
  };

  // The member's wallets that are MAIN or one of the merchant's (transfer) vendors, with the vendor's order: one
  // read, prepared (every transfer's reply reads it).
  const vendorSort = db
    .select({ sort: sql`min(${vendors.sort})` })
    .from(vendors)
    .where(
      and(
        eq(vendors.merchantCode, wallets.merchantCode),
        eq(vendors.vassalage, wallets.kind),
        ne(vendors.vassalage, INHOUSE_VENDOR),
      ),
    );
  const walletRows = db
    .select({ kind: wallets.kind, balance: wallets.balance, sort: sql<number | null>`(${vendorSort})` })
    .from(wallets)
    .where(
      and(
        eq(wallets.merchantCode, sql.placeholder('merchantCode')),
        eq(wallets.memberId, sql.placeholder('memberId')),
      ),
    )
    .prepare('wallet_list');

  /** MAIN first, then the wallets of the merchant's transfer vendors (`sort` not null) in the vendors' order. */
  const listOf = (rows: { kind: string; balance: bigint; sort: number | null }[]): WalletView[] => {
    const main = rows.find((r) => r.kind === MAIN);
    const vendorWallets = rows
      .filter((r) => r.sort !== null)
      .sort((a, b) => Number(a.sort) - Number(b.sort) || a.kind.localeCompare(b.kind));
    return [
      { kind: MAIN, balance: Number(main?.balance ?? 0n) },
      ...vendorWallets.map((w) => ({ kind: w.kind, balance: Number(w.balance) })),
    ];
  };

  async function list(merchant: Merchant, member: Member): Promise<WalletView[]> {
    return listOf(await walletRows.execute({ merchantCode: merchant.code, memberId: member.id }));
  }

  /**
   * The member's wallets as the transfer's posting leaves them, returned by its statement (ledger `alsoRead`): the
   * wallets it moved as they are after it, the others as of its start. `take` leaves `rows` unset when the posting
   * did not run as one statement (the caller then reads the list).
   */
  function walletsAfter(merchant: Merchant, member: Member) {
    const got: { rows?: { kind: string; balance: bigint }[] } = {};
    const alsoRead = {
      select: (
        moved: SQL,
      ) => sql`(select coalesce(json_agg(json_build_array(w.kind, coalesce(m.balance, w.balance)::text)), '[]'::json)
        from ${wallets} w left join ${moved} m on m.id = w.id
        where w.merchant_code = ${merchant.code}::text and w.member_id = ${member.id}::int)`,
      take: (value: unknown) => {
        const pairs = (typeof value === 'string' ? JSON.parse(value) : value) as [string, string][] | null;
        if (Array.isArray(pairs))
          got.rows = pairs.map(([kind, balance]) => ({ kind, balance: BigInt(balance) }));
      },
    };
    return { alsoRead, got };
  }

  const singleWallet = (merchant: Merchant) => merchant.settings.features.SINGLE_WALLET === true;

  // The merchant's transfer vendors, one read for them all (prepared).
  const merchantVendors = db
    .select({ code: vendors.vassalage, sort: sql<number>`min(${vendors.sort})`.mapWith(Number) })
    .from(vendors)
    .where(
      and(eq(vendors.merchantCode, sql.placeholder('merchantCode')), ne(vendors.vassalage, INHOUSE_VENDOR)),
    )
    .groupBy(vendors.vassalage)
    .prepare('transfer_vendors');
  // Per merchant, its transfer vendors as read under a catalogue version. Any write to `vendors` raises that
  // version (migration 0036), which every request reads as it comes in, so a request never trusts codes read
  // before a vendor change it could have seen.
  const vendorsAt = new Map<string, { catalogue: number; codes: Map<string, number> }>();

  /**
   * A vendor the member may move money to or from: the merchant's, and not the in-house games. `catalogue` is the
   * catalogue version the request read (server/http/merchant.ts): under the same version the merchant's vendors are
   * known and cost no read.
   */
  async function transferVendor(
    merchant: Merchant,
    raw: string,
    catalogue?: number,
  ): Promise<{ code: string; sorts: Map<string, number> }> {
    const code = raw.trim().toUpperCase();
    if (code === INHOUSE_VENDOR)
      throw invalid('vendor', 'In-house games play from the main wallet: nothing to transfer');
    const kept = vendorsAt.get(merchant.code);
    let codes = catalogue !== undefined && kept?.catalogue === catalogue ? kept.codes : undefined;
    if (!codes) {
      codes = new Map(
        (await merchantVendors.execute({ merchantCode: merchant.code })).map((r) => [r.code, r.sort]),
      );
      // Read after the version: at least as new as it.
      if (catalogue !== undefined && (kept === undefined || kept.catalogue <= catalogue))
        vendorsAt.set(merchant.code, { catalogue, codes });
    }
    if (!codes.has(code)) throw notFound(`No vendor ${raw.slice(0, 40)}`);
    return { code, sorts: codes };
  }

  return {
    async wallets(merchant: Merchant, member: Member) {
      return { singleWallet: singleWallet(merchant), wallets: await list(merchant, member) };
    },

    /** Main ↔ one vendor wallet, or every vendor wallet back to main; a replayed requestId moves nothing. */
    async transfer(
      merchant: Merchant,
      member: Member,
      input: TransferInput,
      /** The catalogue version the request read, when it did (see `transferVendor`). */
      catalogue?: number,
    ): Promise<WalletView[]> {
      if (singleWallet(merchant))
        throw new DomainError(409, 'CONFLICT', 'This site uses a single wallet: no transfers are needed');
      if (input.direction === 'consolidate') {
        // The list holds only the merchant's transfer vendors.
        const held = (await list(merchant, member)).filter((w) => w.kind !== MAIN && w.balance > 0);
        for (const w of held) {
          // What the vendor holds now: a connected vendor's wallet has moved with the member's wins and losses
          // there since the last transfer, so the mirror's own balance would be refused after a loss.
          const amount = await drivers(w.kind).balance(merchant.code, member.id, w.kind);
          if (amount <= 0n) continue;
          await drivers(w.kind)
            .transferOut(
              merchant.code,
              member.id,
              w.kind,
              amount,
              `consolidate:${input.requestId}:${w.kind}`,
              audited(member, 'WALLET_TRANSFER_OUT', {
                vendor: w.kind,
                amount,
                requestId: input.requestId,
                consolidate: true,
              }),
            )
            .catch((e: { code?: string }) => {
              // Spent at the vendor meanwhile: what is left comes home with the next consolidate. A replayed
              // consolidate finds its keys used (IDEMPOTENCY_CONFLICT when the vendor balance changed since):
              // nothing moves.
              if (e.code !== 'INSUFFICIENT_FUNDS' && e.code !== 'IDEMPOTENCY_CONFLICT') throw e;
            });
        }
        if (held.length > 0) await audit.link();
        return list(merchant, member);
      }
      const { code: vendor, sorts } = await transferVendor(merchant, input.vendor, catalogue);
      const driver = drivers(vendor);
      const amount = BigInt(input.amount);
      const hook = audited(member, input.direction === 'in' ? 'WALLET_TRANSFER_IN' : 'WALLET_TRANSFER_OUT', {
        vendor,
        amount,
        requestId: input.requestId,
      });
      // The reply's wallet list comes back with the posting: no read after it.
      const after = walletsAfter(merchant, member);
      hook.alsoRead = after.alsoRead;
      const move = input.direction === 'in' ? driver.transferIn : driver.transferOut;
      await move(merchant.code, member.id, vendor, amount, input.requestId, hook);
      // The record is committed with the money; its place in the chain is the next linking pass's to give (a pass
      // over every process's committed records), which the reply need not wait for.
      audit.linkSoon();
      const rows = after.got.rows;
      return rows
        ? listOf(rows.map((r) => ({ ...r, sort: sorts.get(r.kind) ?? null })))
        : list(merchant, member);
    },

    /** Main wallet → the upline agent's main wallet, with the payment password. */
    async transferToUpline(
      merchant: Merchant,
      member: Member,
      input: { requestId: string; amount: number; paymentPassword: string },
    ): Promise<{ balance: number }> {
      await deps.paymentPasswords.verify(member, input.paymentPassword);
      const [upline] =
        member.uplineId === null
          ? []
          : await db
              .select({ id: members.id })
              .from(members)
              .where(and(eq(members.id, member.uplineId), eq(members.merchantCode, merchant.code)));
      if (!upline || upline.id === member.id)
        throw new DomainError(409, 'CONFLICT', 'You have no upline to transfer to');
      const from = await ledger.wallet(merchant.code, member.id, MAIN);
      const to = await ledger.wallet(merchant.code, upline.id, MAIN);
      const amount = BigInt(input.amount);
      try {
        await ledger.post(
          merchant.code,
          `upline:${member.id}:${input.requestId}`,
          'TRANSFER_UPLINE',
          [
            { walletId: from, amount: -amount },
            { walletId: to, amount },
          ],
          { upline: upline.id, amount: input.amount },
          audited(member, 'TRANSFER_UPLINE', { upline: upline.id, amount, requestId: input.requestId }),
          requestHash({ amount }),
        );
      } catch (e) {
        if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') {
          const balance = Number(await ledger.walletBalance(from));
          throw new DomainError(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance', undefined, { balance });
        }
        throw e;
      }
      await audit.link();
      return { balance: Number(await ledger.walletBalance(from)) };
    },

    /** Movements of the member's main and vendor wallets (never internal ones such as a withdrawal hold). */
    async accountRecord(
      merchant: Merchant,
      member: Member,
      q: Range & { kind?: string; pageNo: number; pageSize: number },
    ) {
      checkOrder(q);
      const zone = zoneOf(merchant);
      const kinds = [MAIN, ...(await walletVendors(merchant.code)).keys()];
      const where = and(
        eq(wallets.merchantCode, merchant.code),
        eq(wallets.memberId, member.id),
        inArray(wallets.kind, kinds),
        ...(q.kind ? [eq(ledgerTransactions.kind, q.kind)] : []),
        ...withinDays(ledgerEntries.createdAt, zone, q),
      );
      const base = () =>
        db
          .select({
            id: ledgerEntries.id,
            kind: ledgerTransactions.kind,
            wallet: wallets.kind,
            amount: ledgerEntries.amount,
            balanceAfter: ledgerEntries.balanceAfter,
            at: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(where);
      const [rows, [total]] = await Promise.all([
        base()
          .orderBy(desc(ledgerEntries.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db
          .select({ n: count() })
          .from(ledgerEntries)
          .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(where),
      ]);
      return {
        list: rows.map((r) => ({
          ...r,
          amount: Number(r.amount),
          balanceAfter: Number(r.balanceAfter),
          at: r.at.toISOString(),
        })),
        totalPages: Math.ceil((total?.n ?? 0) / q.pageSize),
      };
    },

    /** The member's game rounds with the games' names; totals over the whole filter (rolled-back rounds move nothing). */
    async bettingRecord(
      merchant: Merchant,
      member: Member,
      locale: Locale,
      q: Range & { gameType?: string; vendor?: string; pageNo: number; pageSize: number },
    ) {
      checkOrder(q);
      const zone = zoneOf(merchant);
      const where = and(
        eq(gameRounds.merchantCode, merchant.code),
        eq(gameRounds.memberId, member.id),
        ...(q.gameType ? [eq(gameRounds.gameType, q.gameType.toUpperCase() as never)] : []),
        ...(q.vendor ? [eq(gameRounds.vassalage, q.vendor.toUpperCase())] : []),
        ...withinDays(gameRounds.createdAt, zone, q),
      );
      return roundsPage(db, where, locale, q);
    },

    /** Per day of the merchant's zone: bets, wins and profit (win − bet) of settled rounds; quiet days are zeros. */
    async profitAndLoss(merchant: Merchant, member: Member, q: { from: string; to: string }) {
      checkOrder(q);
      const days = dayList(q.from, q.to, MAX_PROFIT_DAYS);
      if (!days) throw invalid('to', `Choose at most ${MAX_PROFIT_DAYS} days`);
      const zone = zoneOf(merchant);
      const day = sql<string>`to_char((${gameRounds.createdAt} at time zone ${zone})::date, 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          bet: sql<string>`sum(${gameRounds.bet})`,
          win: sql<string>`sum(${gameRounds.win})`,
        })
        .from(gameRounds)
        .where(
          and(
            eq(gameRounds.merchantCode, merchant.code),
            eq(gameRounds.memberId, member.id),
            eq(gameRounds.status, 'SETTLED'),
            ...withinDays(gameRounds.createdAt, zone, q),
          ),
        )
        // By position: the zone is a bound parameter, so the expression in GROUP BY would not match the select's.
        .groupBy(sql`1`);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const out = days.map((d) => {
        const r = byDay.get(d);
        const bet = Number(r?.bet ?? 0);
        const win = Number(r?.win ?? 0);
        return { day: d, bet, win, profit: win - bet };
      });
      const bet = out.reduce((s, d) => s + d.bet, 0);
      const win = out.reduce((s, d) => s + d.win, 0);
      return { days: out, totals: { bet, win, profit: win - bet } };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
