import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type DisputeResolution,
  NEEDS_ACTION,
  type OpsOrderAction,
  type OpsOrderStep,
  type opsPaymentOrder,
} from '../../../contract/ops.ts';
import type {
  checkoutWebhook,
  createDeposit,
  createWithdrawal,
  DepositTransfer,
  PaymentChannel,
  PaymentKind,
  PaymentOrder,
  PaymentStatus,
} from '../../../contract/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, exclusions, members, paymentOrders } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { assertSameRequest, idempotencyConflict, requestHash } from '../../lib/idempotency.ts';
import { CheckoutUnavailable, hostedCheckoutDriver } from '../../ports/payments/hostedCheckout.ts';
import { vietQrPayload } from '../../ports/payments/vietqr.ts';
import type { PaymentDrivers } from '../../ports/payments.ts';
import type { StoragePort } from '../../ports/storage.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import type { RulesStore } from '../rules/store.ts';
import { createLedger, HELD_KIND } from '../wallet/ledger.ts';
import type { Channels, OfferedChannel } from './channels.ts';
import type { PaymentPasswords } from './paymentPassword.ts';
import { PAYMENT_RULES } from './rules.ts';

export type Order = typeof paymentOrders.$inferSelect;
type DepositInput = z.output<typeof createDeposit.body>;
type CheckoutEvent = z.output<typeof checkoutWebhook.body>;
type WithdrawalInput = z.output<typeof createWithdrawal.body>;

/** The house's cash account: deposits come from it, disbursed withdrawals go to it. */
export const HOUSE_CASH = 'HOUSE_CASH';
/** A member's money held for a withdrawal between request and disbursal (or rejection). */
export const WITHDRAWAL_HOLD = HELD_KIND;

/** A proof image, checked (type by content, size) before it reaches the service. */
export interface Proof {
  ext: 'png' | 'jpg';
  data: Buffer;
}

/**
 * Responsible gambling's check of a deposit, in the caller's transaction with the member's row locked: when it is
 * requested (breaks; deposit limits counting pending deposits) and again when it is credited (`credit`).
 */
export type DepositCheck = (
  memberId: number,
  amount: bigint,
  opts?: { tx?: Db; credit?: boolean },
) => Promise<void>;

/** Steps of an order that concern more than payments. */
export type OrderEvent =
  | 'DEPOSIT_CREDITED'
  | 'WITHDRAWAL_DISBURSED'
  | 'WITHDRAWAL_REJECTED'
  | 'WITHDRAWAL_RESENT'
  | 'WITHDRAWAL_CONFIRMED'
  | 'WITHDRAWAL_REFUNDED';

/** The audit action and the member's message of each way a dispute ends. */
const RESOLVED: Record<DisputeResolution, OrderEvent> = {
  RESENT: 'WITHDRAWAL_RESENT',
  RECEIVED: 'WITHDRAWAL_CONFIRMED',
  REFUNDED: 'WITHDRAWAL_REFUNDED',
};

export interface PaymentsDeps {
  audit: AuditLog;
  passwords: PaymentPasswords;
  /** The built-in drivers (the demo gateway only where its secret is configured). */
  drivers: Partial<PaymentDrivers>;
  /** The merchants' configured channels (server/modules/payments/channels.ts). */
  channels: Channels;
  /** How hosted-checkout drivers reach their providers (tests: the default, to a local fake). */
  fetch?: typeof fetch;
  /** Where proofs are stored, under `<merchant>/withdrawals/<order id>/`. */
  storage: StoragePort;
  /** Responsible gambling's deposit check (breaks, deposit limits), when that module is wired in. */
  checkDeposit?: DepositCheck;
  rules: RulesStore;
  /** What else an order's step brings (referral bonus, reward ticket, the member's message), in its transaction. */
  onOrder?: (tx: Tx, event: OrderEvent, order: Order) => Promise<void>;
  now?: () => Date;
}

const notFound = () => new DomainError(404, 'NOT_FOUND', 'No such order');
const conflict = (message: string) => new DomainError(409, 'CONFLICT', message);
/** Every decision but a resolution is refused on a disputed withdrawal: the refusal says what to do instead. */
const disputed = () =>
  conflict(
    'The member reported this withdrawal not received: resolve the dispute (resend with a new reference, confirm received, or refund)',
  );
const badAmount = (message: string) => new DomainError(400, 'VALIDATION', message, { amount: message });
export const money = (minor: number) =>
  (Number(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the member sees of an order. */
export function orderView(o: Order): PaymentOrder {
  return {
    id: o.id,
    kind: o.kind,
    channel: o.channel,
    amount: Number(o.amount),
    status: o.status,
    details: o.details,
    proofs: o.proofs.length,
    remark: o.remark,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    disbursedAt: o.disbursedAt?.toISOString() ?? null,
    forcedReceiveAt: o.status === 'DISBURSED' ? (o.forceReceiveAt?.toISOString() ?? null) : null,
  };
}

export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const { audit, passwords, drivers, channels } = deps;
  const now = deps.now ?? (() => new Date());

  /** The channel a deposit asks for: a configured one by id, else the first on offer of its kind. */
  async function methodOf(merchantCode: string, input: DepositInput): Promise<OfferedChannel> {
    const offered = await channels.offered(merchantCode);
    const found = offered.find(
      (m) => m.kind === input.channel && (input.channelId === undefined || m.id === input.channelId),
    );
    if (!found)
      throw new DomainError(400, 'VALIDATION', 'This channel is not available', { channel: 'Not available' });
    return found;
  }

  const hostedDriver = (m: { settings: Record<string, string>; secrets: Record<string, string> }) =>
    hostedCheckoutDriver(
      m.settings as unknown as Parameters<typeof hostedCheckoutDriver>[0],
      m.secrets as unknown as Parameters<typeof hostedCheckoutDriver>[1],
      { fetch: deps.fetch, now: () => now().getTime() },
    );

  /** A transfer's content: short, letters and digits only (banking apps drop the rest), no look-alikes. */
  const transferReference = () =>
    `PT${Array.from({ length: 8 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('')}`;

  /** A VIETQR deposit's transfer: the account as it was when the order was made, and its QR payload. */
  /**
   * Asks the provider for a new hosted-checkout order's payment page (once: a repeated request finds it in the
   * order). The order is committed first, so a webhook can never arrive for an order we do not have; a provider
   * that refuses or does not answer fails the order and the member may try again.
   */
  async function checkout(o: Order, method: OfferedChannel): Promise<Order> {
    if (o.details.payUrl || o.status !== 'PENDING' || method.id === null) return o;
    const driver = hostedDriver(method);
    try {
      const { checkoutId, checkoutUrl } = await driver.createCheckout({
        orderRef: o.externalRef!,
        amount: Number(o.amount),
        description: `Deposit #${o.id}`,
        returnUrl: driver.returnUrl(),
        notifyUrl: driver.notifyUrl(method.id),
      });
      const [row] = await db
        .update(paymentOrders)
        .set({ details: { ...o.details, checkoutId, payUrl: checkoutUrl }, updatedAt: now() })
        .where(and(eq(paymentOrders.id, o.id), eq(paymentOrders.status, 'PENDING')))
        .returning();
      return row ?? o;
    } catch (err) {
      if (!(err instanceof CheckoutUnavailable)) throw err;
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, eq(paymentOrders.id, o.id));
        if (locked?.status !== 'PENDING') return;
        await setStatus(tx, locked, 'FAILED', { remark: 'The payment provider did not open a checkout' });
        await record(tx, locked, 'system', 'DEPOSIT_FAILED', { reason: err.message });
      });
      throw new DomainError(
        502,
        'INTERNAL',
        'The payment provider is not answering: try again or choose another way',
      );
    }
  }

  const transferOf = (o: Order): DepositTransfer | null => {
    const { bankName, accountName, accountNo, bin, reference } = o.details;
    if (o.channel !== 'VIETQR' || !bankName || !accountName || !accountNo || !bin || !reference) return null;
    const amount = Number(o.amount);
    const qr = vietQrPayload({ bin, accountNo, amount: amount / 100, purpose: reference });
    return { bankName, accountName, accountNo, amount, reference, qr };
  };

  /** Money moves in the caller's transaction (savepoints), so the order and its movement commit together. */
  async function move(
    tx: Tx,
    o: Order,
    action: string,
    from: { memberId: number | null; kind: string },
    to: { memberId: number | null; kind: string },
  ) {
    const ledger = createLedger(tx as unknown as Db);
    const source = await ledger.wallet(o.merchantCode, from.memberId, from.kind);
    const target = await ledger.wallet(o.merchantCode, to.memberId, to.kind);
    await ledger.post(o.merchantCode, `payment:${o.id}:${action}`, `${o.kind}_${action.toUpperCase()}`, [
      { walletId: source, amount: -o.amount },
      { walletId: target, amount: o.amount },
    ]);
  }

  const lockOrder = async (tx: Tx, where: ReturnType<typeof and>) =>
    (await tx.select().from(paymentOrders).where(where).for('update'))[0];

  async function setStatus(tx: Tx, o: Order, status: PaymentStatus, extra: Partial<Order> = {}) {
    const [row] = await tx
      .update(paymentOrders)
      .set({ status, updatedAt: now(), ...extra })
      .where(eq(paymentOrders.id, o.id))
      .returning();
    return row!;
  }

  const record = (tx: Tx, o: Order, actor: string, action: string, more: Record<string, unknown> = {}) =>
    audit.append(tx, {
      merchantCode: o.merchantCode,
      actor,
      action,
      subject: { orderId: o.id, memberId: o.memberId, amount: o.amount, ...more },
    });

  /** Serialises a member's payment requests (request-id replays, the daily count, the balance check). */
  const lockMember = (tx: Tx, memberId: number) =>
    tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');

  /** The refusal of crediting `o` past the member's deposit limit (checked under the member's lock), if it would. */
  async function overLimit(tx: Tx, o: Order): Promise<DomainError | undefined> {
    if (!deps.checkDeposit) return undefined;
    await lockMember(tx, o.memberId);
    try {
      await deps.checkDeposit(o.memberId, o.amount, { tx, credit: true });
      return undefined;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'LIMIT_EXCEEDED') return err;
      throw err;
    }
  }

  /** The order of a request id already seen: the same request answers it again, another one is refused. */
  const byRequest = async (tx: Tx, member: Member, requestId: string, kind: PaymentKind, request: string) => {
    const [found] = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.merchantCode, member.merchantCode),
          eq(paymentOrders.memberId, member.id),
          eq(paymentOrders.requestId, requestId),
        ),
      );
    if (found && found.kind !== kind) throw idempotencyConflict();
    if (found) assertSameRequest(found.requestHash, request);
    return found;
  };

  async function excluded(memberId: number): Promise<boolean> {
    const t = now();
    const [row] = await db
      .select({ id: exclusions.id })
      .from(exclusions)
      .where(
        and(
          eq(exclusions.memberId, memberId),
          lte(exclusions.startsAt, t),
          or(isNull(exclusions.endsAt), gt(exclusions.endsAt, t)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  const mine = (member: Member, id: number) =>
    and(
      eq(paymentOrders.id, id),
      eq(paymentOrders.merchantCode, member.merchantCode),
      eq(paymentOrders.memberId, member.id),
    );

  /**
   * A gateway's verified result. The demo gateway's callback with a wrong amount is refused (400); a configured
   * gateway's (`via`) with a wrong amount or currency is taken, and the order flagged for an operator to review
   * instead of credited: the money did move at the provider, someone has to look.
   */
  async function gatewayResult(
    channel: PaymentChannel,
    merchantCode: string,
    result: {
      orderRef: string;
      amount: number;
      status: 'PAID' | 'FAILED';
      currency?: string;
      eventId?: string;
    },
    via?: { channelId: number },
  ): Promise<{ credited: boolean; order: Order; review?: boolean }> {
    return db.transaction(async (tx) => {
      const o = await lockOrder(
        tx,
        and(
          eq(paymentOrders.merchantCode, merchantCode),
          eq(paymentOrders.channel, channel),
          eq(paymentOrders.externalRef, result.orderRef),
          via ? eq(paymentOrders.channelId, via.channelId) : undefined,
        ),
      );
      if (o?.kind !== 'DEPOSIT') throw new DomainError(404, 'NOT_FOUND', 'Unknown order reference');
      const actor = `gateway:${via ? `${channel}:${via.channelId}` : channel}`;
      const mismatch =
        BigInt(result.amount) !== o.amount
          ? `paid ${result.amount} ${result.currency ?? ''}`.trim()
          : via && result.currency !== o.details.currency
            ? `paid in ${result.currency}`
            : undefined;
      if (mismatch && !via)
        throw new DomainError(400, 'VALIDATION', 'Amount does not match the order', {
          amount: 'Does not match the order',
        });
      // Flagged before: an operator decides, whatever the provider says next.
      if (o.details.review) return { credited: false, order: o, review: true };
      // A replayed or late callback: the order was settled already.
      if (o.status !== 'PENDING') return { credited: false, order: o };
      if (mismatch && result.status === 'PAID') {
        const review = `To review: ${mismatch}, order ${o.amount} ${o.details.currency ?? ''}`.trim();
        const flagged = await setStatus(tx, o, 'PENDING', {
          details: { ...o.details, review },
          remark: review,
        });
        await record(tx, o, actor, 'DEPOSIT_FLAGGED', {
          ref: result.orderRef,
          eventId: result.eventId ?? null,
          paid: result.amount,
          currency: result.currency ?? null,
        });
        return { credited: false, order: flagged, review: true };
      }
      if (result.status === 'FAILED') {
        const failed = await setStatus(tx, o, 'FAILED');
        await record(tx, o, actor, 'DEPOSIT_FAILED', { ref: result.orderRef });
        return { credited: false, order: failed };
      }
      // Paid, but past the member's deposit limit (lowered since the request): not credited, the payer refunded.
      const over = await overLimit(tx, o);
      if (over) {
        const remark = over.message;
        await record(tx, o, actor, 'DEPOSIT_REJECTED', {
          ref: result.orderRef,
          remark,
          limit: over.extra.limit,
        });
        return { credited: false, order: await setStatus(tx, o, 'REJECTED', { remark }) };
      }
      await move(
        tx,
        o,
        'credit',
        { memberId: null, kind: HOUSE_CASH },
        { memberId: o.memberId, kind: 'MAIN' },
      );
      const credited = await setStatus(tx, o, 'CREDITED');
      await record(tx, o, actor, 'DEPOSIT_CREDITED', { ref: result.orderRef });
      await deps.onOrder?.(tx, 'DEPOSIT_CREDITED', credited);
      return { credited: true, order: credited };
    });
  }

  return {
    drivers,

    async settings(member: Member) {
      const rules = await deps.rules.get(member.merchantCode, PAYMENT_RULES);
      const [row] = await db
        .select({ hash: members.paymentPasswordHash })
        .from(members)
        .where(eq(members.id, member.id));
      const methods = (await channels.offered(member.merchantCode)).map(({ id, kind, label, bank }) => ({
        id,
        kind,
        label,
        bank,
      }));
      return {
        deposit: { ...rules.deposit, channels: [...new Set(methods.map((m) => m.kind))], methods },
        withdrawal: rules.withdrawal,
        hasPaymentPassword: Boolean(row?.hash),
        bank: rules.bank,
      };
    },

    async createDeposit(member: Member, input: DepositInput) {
      const method = await methodOf(member.merchantCode, input);
      const driver = drivers[method.kind];
      const rules = (await deps.rules.get(member.merchantCode, PAYMENT_RULES)).deposit;
      const amount = BigInt(input.amount);
      if (input.amount < rules.min) throw badAmount(`The minimum deposit is ${money(rules.min)}`);
      if (input.amount > rules.max) throw badAmount(`The maximum deposit is ${money(rules.max)}`);
      // VietQR carries whole dong (the portal counts 100 minor units to the dong).
      if (method.kind === 'VIETQR' && input.amount % 100 !== 0) throw badAmount('Enter a whole amount');
      if (await excluded(member.id))
        throw new DomainError(403, 'FORBIDDEN', 'Deposits are paused during your break from play');
      const request = requestHash({
        channel: input.channel,
        ...(input.channelId !== undefined ? { channelId: input.channelId } : {}),
        amount,
        payerName: input.payerName,
        reference: input.reference,
      });
      const externalRef =
        method.kind === 'VIETQR'
          ? transferReference()
          : method.kind === 'HOSTED_CHECKOUT'
            ? `HC${randomBytes(12).toString('hex').toUpperCase()}`
            : (driver?.newRef() ?? null);
      const order = await db.transaction(async (tx) => {
        await lockMember(tx, member.id);
        const seen = await byRequest(tx, member, input.requestId, 'DEPOSIT', request);
        if (seen) return seen;
        // Under the member's lock: two deposits at once cannot both fit in what is left of a limit.
        await deps.checkDeposit?.(member.id, amount, { tx });
        const details: Record<string, string> = {};
        if (method.kind === 'BANK' || method.kind === 'VIETQR') {
          if (input.payerName) details.payerName = input.payerName;
          if (input.reference) details.reference = input.reference;
        }
        // The account as it is now (a later change of the channel does not move a transfer under way), and the
        // reference the operator looks for on the statement.
        if (method.kind === 'VIETQR' && method.bank)
          Object.assign(details, method.bank, { bin: method.settings.bin!, reference: externalRef! });
        if (method.kind === 'HOSTED_CHECKOUT') details.currency = method.settings.currency!;
        const [o] = await tx
          .insert(paymentOrders)
          .values({
            merchantCode: member.merchantCode,
            memberId: member.id,
            kind: 'DEPOSIT',
            channel: input.channel,
            amount,
            status: 'PENDING',
            requestId: input.requestId,
            requestHash: request,
            externalRef,
            channelId: method.id,
            details,
            createdAt: now(),
            updatedAt: now(),
          })
          .returning();
        await record(tx, o!, `member:${member.id}`, 'DEPOSIT_REQUESTED', {
          channel: input.channel,
          ...(method.id !== null ? { channelId: method.id } : {}),
        });
        return o!;
      });
      const placed = order.channel === 'HOSTED_CHECKOUT' ? await checkout(order, method) : order;
      return {
        order: orderView(placed),
        payUrl:
          placed.status !== 'PENDING'
            ? null
            : placed.channel === 'HOSTED_CHECKOUT'
              ? (placed.details.payUrl ?? null)
              : (drivers[placed.channel]?.payUrl(placed.externalRef) ?? null),
        transfer: placed.status === 'PENDING' ? transferOf(placed) : null,
      };
    },

    /** A hosted-checkout provider's verified webhook (routes check the signature and the time first). */
    checkoutResult: (merchantCode: string, channelId: number, event: CheckoutEvent) =>
      gatewayResult('HOSTED_CHECKOUT', merchantCode, event, { channelId }),

    async createWithdrawal(member: Member, input: WithdrawalInput) {
      await passwords.verify(member, input.paymentPassword);
      const rules = (await deps.rules.get(member.merchantCode, PAYMENT_RULES)).withdrawal;
      const amount = BigInt(input.amount);
      if (input.amount < rules.min) throw badAmount(`The minimum withdrawal is ${money(rules.min)}`);
      if (input.amount > rules.max) throw badAmount(`The maximum withdrawal is ${money(rules.max)}`);
      const request = requestHash({
        amount,
        bankName: input.bankName,
        accountName: input.accountName,
        accountNo: input.accountNo,
      });
      const order = await db.transaction(async (tx) => {
        await lockMember(tx, member.id);
        const seen = await byRequest(tx, member, input.requestId, 'WITHDRAWAL', request);
        if (seen) return seen;
        const t = now();
        const dayStart = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
        const [today] = await tx
          .select({ n: count() })
          .from(paymentOrders)
          .where(
            and(
              eq(paymentOrders.memberId, member.id),
              eq(paymentOrders.kind, 'WITHDRAWAL'),
              ne(paymentOrders.status, 'REJECTED'),
              gte(paymentOrders.createdAt, dayStart),
            ),
          );
        if ((today?.n ?? 0) >= rules.maxCount) throw conflict(`At most ${rules.maxCount} withdrawals a day`);
        const [o] = await tx
          .insert(paymentOrders)
          .values({
            merchantCode: member.merchantCode,
            memberId: member.id,
            kind: 'WITHDRAWAL',
            channel: 'BANK',
            amount,
            status: 'REQUESTED',
            requestId: input.requestId,
            requestHash: request,
            details: { bankName: input.bankName, accountName: input.accountName, accountNo: input.accountNo },
            createdAt: t,
            updatedAt: t,
          })
          .returning();
        await move(
          tx,
          o!,
          'hold',
          { memberId: member.id, kind: 'MAIN' },
          { memberId: member.id, kind: WITHDRAWAL_HOLD },
        );
        await record(tx, o!, `member:${member.id}`, 'WITHDRAWAL_REQUESTED');
        return o!;
      });
      return { order: orderView(order) };
    },

    async list(member: Member, q: { kind?: PaymentKind; pageNo: number; pageSize: number }) {
      const where = and(
        eq(paymentOrders.merchantCode, member.merchantCode),
        eq(paymentOrders.memberId, member.id),
        q.kind ? eq(paymentOrders.kind, q.kind) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(paymentOrders).where(where);
      const rows = await db
        .select()
        .from(paymentOrders)
        .where(where)
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return { list: rows.map(orderView), totalPages: Math.ceil((total?.n ?? 0) / q.pageSize) };
    },

    /** The member's word: a disbursed (or reported missing) withdrawal has arrived. */
    async confirmReceived(member: Member, id: number) {
      const order = await db.transaction(async (tx) => {
        const o = await lockOrder(tx, mine(member, id));
        if (o?.kind !== 'WITHDRAWAL') throw notFound();
        if (o.status === 'RECEIVED') return o;
        if (o.status !== 'DISBURSED' && o.status !== 'NOT_RECEIVED')
          throw conflict('Only a disbursed withdrawal can be confirmed');
        const done = await setStatus(tx, o, 'RECEIVED');
        await record(tx, o, `member:${member.id}`, 'WITHDRAWAL_RECEIVED');
        return done;
      });
      return { order: orderView(order) };
    },

    /** Checked before the files are read: the order is the member's disbursed withdrawal. */
    async assertReportable(member: Member, id: number) {
      const [o] = await db.select().from(paymentOrders).where(mine(member, id));
      if (o?.kind !== 'WITHDRAWAL') throw notFound();
      if (o.status !== 'DISBURSED') throw conflict('Only a disbursed withdrawal can be reported');
    },

    /** Not received, with proof: the files are written and the order changes together, or neither. */
    async reportNotReceived(member: Member, id: number, input: { proofs: Proof[]; remark: string | null }) {
      const keys = input.proofs.map(
        (p) => `${member.merchantCode}/withdrawals/${id}/${randomUUID()}.${p.ext}`,
      );
      const written: string[] = [];
      try {
        const order = await db.transaction(async (tx) => {
          const o = await lockOrder(tx, mine(member, id));
          if (o?.kind !== 'WITHDRAWAL') throw notFound();
          if (o.status !== 'DISBURSED') throw conflict('Only a disbursed withdrawal can be reported');
          for (const [i, p] of input.proofs.entries()) {
            await deps.storage.put(keys[i]!, p.data);
            written.push(keys[i]!);
          }
          const reported = await setStatus(tx, o, 'NOT_RECEIVED', {
            proofs: [...o.proofs, ...keys],
            remark: input.remark,
          });
          await record(tx, o, `member:${member.id}`, 'WITHDRAWAL_NOT_RECEIVED', {
            proofs: keys,
            remark: input.remark,
          });
          return reported;
        });
        return { order: orderView(order) };
      } catch (err) {
        await Promise.all(written.map((k) => deps.storage.delete(k)));
        throw err;
      }
    },

    /** A gateway's verified callback: credits a pending deposit once; a replay changes nothing. */
    gatewayResult,

    /** The demo gateway's page: what a reference stands for. */
    async gatewayOrder(merchantCode: string, channel: PaymentChannel, ref: string) {
      const [o] = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.merchantCode, merchantCode),
            eq(paymentOrders.channel, channel),
            eq(paymentOrders.externalRef, ref),
          ),
        );
      if (o?.kind !== 'DEPOSIT') throw new DomainError(404, 'NOT_FOUND', 'Unknown order reference');
      return o;
    },

    // ── Operators ──────────────────────────────────────────────────────────────────────────────────

    /** `merchants`: the operator's grant (undefined: every merchant). */
    async opsList(q: {
      status?: PaymentStatus;
      queue?: 'ACTION';
      kind?: PaymentKind;
      merchant?: string;
      merchants?: string[];
      limit: number;
    }) {
      const rows = await db
        .select({ o: paymentOrders, account: members.account })
        .from(paymentOrders)
        .innerJoin(members, eq(members.id, paymentOrders.memberId))
        .where(
          and(
            q.status ? eq(paymentOrders.status, q.status) : undefined,
            q.queue ? needsAction : undefined,
            q.kind ? eq(paymentOrders.kind, q.kind) : undefined,
            q.merchant ? eq(paymentOrders.merchantCode, q.merchant) : undefined,
            q.merchants ? inArray(paymentOrders.merchantCode, q.merchants) : undefined,
          ),
        )
        .orderBy(asc(paymentOrders.id))
        .limit(q.limit);
      return rows.map((r) => opsView(r.o, r.account));
    },

    /** How many orders wait in each of finance's queues (the disputes among them). */
    async queues(q: { merchant?: string; merchants?: string[] }) {
      const rows = await db
        .select({ kind: paymentOrders.kind, status: paymentOrders.status, n: count() })
        .from(paymentOrders)
        .where(
          and(
            needsAction,
            q.merchant ? eq(paymentOrders.merchantCode, q.merchant) : undefined,
            q.merchants ? inArray(paymentOrders.merchantCode, q.merchants) : undefined,
          ),
        )
        .groupBy(paymentOrders.kind, paymentOrders.status);
      const n = (kind: PaymentKind, status: PaymentStatus) =>
        rows.find((r) => r.kind === kind && r.status === status)?.n ?? 0;
      return {
        deposits: n('DEPOSIT', 'PENDING'),
        requested: n('WITHDRAWAL', 'REQUESTED'),
        approved: n('WITHDRAWAL', 'APPROVED'),
        disputed: n('WITHDRAWAL', 'NOT_RECEIVED'),
      };
    },

    /** A proof picture of a disputed (or once disputed) withdrawal: its bytes and type, or a 404. */
    async proof(id: number, n: number): Promise<{ data: Buffer; type: string }> {
      const [o] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
      const key = o?.kind === 'WITHDRAWAL' ? o.proofs[n - 1] : undefined;
      const data = key ? await deps.storage.get(key) : undefined;
      if (!key || !data) throw new DomainError(404, 'NOT_FOUND', 'No such proof');
      return { data, type: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },

    /** The order's steps from the audit log (who and when), oldest first. */
    async history(id: number): Promise<{ list: OpsOrderStep[] }> {
      const [o] = await db
        .select({ merchantCode: paymentOrders.merchantCode })
        .from(paymentOrders)
        .where(eq(paymentOrders.id, id));
      if (!o) throw notFound();
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.merchantCode, o.merchantCode),
            // The expression of the index audit_log_order.
            sql`${auditLog.subject} ? 'orderId'`,
            sql`(${auditLog.subject}->>'orderId') = ${String(id)}`,
          ),
        )
        .orderBy(asc(auditLog.id));
      const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
      return {
        list: rows.map((r) => ({
          at: r.at.toISOString(),
          actor: r.actor,
          action: r.action,
          remark: text(r.subject.remark),
          reference: text(r.subject.reference),
        })),
      };
    },

    /** Deposit: credit it. Withdrawal: APPROVED (to be paid out). Repeating it changes nothing. */
    approve: (id: number, remark?: string) =>
      opsAction(id, async (tx, o) => {
        if (o.kind === 'DEPOSIT') {
          if (o.status === 'CREDITED') return o;
          if (o.status !== 'PENDING') throw conflict(`A ${o.status} deposit cannot be approved`);
          const over = await overLimit(tx, o);
          if (over) throw over;
          await move(
            tx,
            o,
            'credit',
            { memberId: null, kind: HOUSE_CASH },
            { memberId: o.memberId, kind: 'MAIN' },
          );
          await record(tx, o, 'ops', 'DEPOSIT_CREDITED', { remark: remark ?? null });
          const credited = await setStatus(tx, o, 'CREDITED', { remark: remark ?? o.remark });
          await deps.onOrder?.(tx, 'DEPOSIT_CREDITED', credited);
          return credited;
        }
        if (o.status === 'APPROVED') return o;
        if (o.status === 'NOT_RECEIVED') throw disputed();
        if (o.status !== 'REQUESTED') throw conflict(`A ${o.status} withdrawal cannot be approved`);
        await record(tx, o, 'ops', 'WITHDRAWAL_APPROVED', { remark: remark ?? null });
        return setStatus(tx, o, 'APPROVED', { remark: remark ?? o.remark });
      }),

    /** Deposit: REJECTED. Withdrawal not yet paid out: REJECTED, its hold back in the main wallet. */
    reject: (id: number, remark?: string) =>
      opsAction(id, async (tx, o) => {
        if (o.status === 'REJECTED') return o;
        if (o.kind === 'DEPOSIT') {
          if (o.status !== 'PENDING') throw conflict(`A ${o.status} deposit cannot be rejected`);
          await record(tx, o, 'ops', 'DEPOSIT_REJECTED', { remark: remark ?? null });
          return setStatus(tx, o, 'REJECTED', { remark: remark ?? o.remark });
        }
        if (o.status === 'NOT_RECEIVED') throw disputed();
        if (o.status !== 'REQUESTED' && o.status !== 'APPROVED')
          throw conflict(`A ${o.status} withdrawal cannot be rejected`);
        await move(
          tx,
          o,
          'release',
          { memberId: o.memberId, kind: WITHDRAWAL_HOLD },
          { memberId: o.memberId, kind: 'MAIN' },
        );
        await record(tx, o, 'ops', 'WITHDRAWAL_REJECTED', { remark: remark ?? null });
        const rejected = await setStatus(tx, o, 'REJECTED', { remark: remark ?? o.remark });
        await deps.onOrder?.(tx, 'WITHDRAWAL_REJECTED', rejected);
        return rejected;
      }),

    /** An approved withdrawal was paid out: the hold leaves for the house's cash account. */
    disburse: (id: number, remark?: string, reference?: string) =>
      opsAction(id, async (tx, o) => {
        if (o.kind !== 'WITHDRAWAL') throw conflict('Only withdrawals are disbursed');
        if (o.status === 'NOT_RECEIVED') throw disputed();
        // A repeated call once paid out answers the order as it is; a refunded one was never paid for good.
        if (o.disbursedAt && o.status !== 'REFUNDED') return o;
        if (o.status !== 'APPROVED') throw conflict(`A ${o.status} withdrawal cannot be disbursed`);
        const { forceReceiveMinutes } = (await deps.rules.get(o.merchantCode, PAYMENT_RULES, tx)).withdrawal;
        await move(
          tx,
          o,
          'disburse',
          { memberId: o.memberId, kind: WITHDRAWAL_HOLD },
          { memberId: null, kind: HOUSE_CASH },
        );
        await record(tx, o, 'ops', 'WITHDRAWAL_DISBURSED', {
          remark: remark ?? null,
          reference: reference ?? null,
        });
        const at = now();
        const disbursed = await setStatus(tx, o, 'DISBURSED', {
          disbursedAt: at,
          forceReceiveAt: new Date(at.getTime() + forceReceiveMinutes * 60_000),
          remark: remark ?? o.remark,
          ...(reference ? { details: { ...o.details, disbursementRef: reference } } : {}),
        });
        await deps.onOrder?.(tx, 'WITHDRAWAL_DISBURSED', disbursed);
        return disbursed;
      }),

    /**
     * Ends a dispute once, under the order's lock (a second resolution, or the member's confirmation, finds it
     * settled and is refused): resent (paid out again under a new reference: DISBURSED, the member confirms or
     * reports again, the automatic receipt counts anew), confirmed received (the bank's records show it arrived), or
     * refunded (the house's cash returns the amount to the member's main wallet).
     */
    resolve: (id: number, r: { resolution: DisputeResolution; remark: string; reference?: string }) =>
      opsAction(id, async (tx, o) => {
        if (o.kind !== 'WITHDRAWAL' || o.status !== 'NOT_RECEIVED')
          throw conflict(`This order is not a disputed withdrawal (it is ${o.status})`);
        const event = RESOLVED[r.resolution];
        let done: Order;
        if (r.resolution === 'RESENT') {
          const { forceReceiveMinutes } = (await deps.rules.get(o.merchantCode, PAYMENT_RULES, tx))
            .withdrawal;
          const at = now();
          done = await setStatus(tx, o, 'DISBURSED', {
            disbursedAt: at,
            forceReceiveAt: new Date(at.getTime() + forceReceiveMinutes * 60_000),
            remark: r.remark,
            details: { ...o.details, disbursementRef: r.reference! },
          });
        } else if (r.resolution === 'RECEIVED') {
          done = await setStatus(tx, o, 'RECEIVED', { remark: r.remark });
        } else {
          await move(
            tx,
            o,
            'refund',
            { memberId: null, kind: HOUSE_CASH },
            { memberId: o.memberId, kind: 'MAIN' },
          );
          done = await setStatus(tx, o, 'REFUNDED', { remark: r.remark });
        }
        await record(tx, o, 'ops', event, {
          remark: r.remark,
          reference: r.reference ?? null,
          previousReference: o.details.disbursementRef ?? null,
        });
        await deps.onOrder?.(tx, event, done);
        return done;
      }),
  };

  async function opsAction(id: number, act: (tx: Tx, o: Order) => Promise<Order>) {
    const order = await db.transaction(async (tx) => {
      const o = await lockOrder(tx, and(eq(paymentOrders.id, id)));
      if (!o) throw notFound();
      return act(tx, o);
    });
    const [m] = await db
      .select({ account: members.account })
      .from(members)
      .where(eq(members.id, order.memberId));
    return { order: opsView(order, m?.account ?? '') };
  }
}

/** What finance may do next with an order of this status (contract/payments.ts lifecycle). */
const NEXT: Record<PaymentKind, Partial<Record<PaymentStatus, OpsOrderAction[]>>> = {
  DEPOSIT: { PENDING: ['approve', 'reject'] },
  WITHDRAWAL: {
    REQUESTED: ['approve', 'reject'],
    APPROVED: ['disburse', 'reject'],
    NOT_RECEIVED: ['resolve'],
  },
};

/** The orders waiting for finance (NEEDS_ACTION), as a condition. */
const needsAction = or(
  ...Object.entries(NEEDS_ACTION).map(([kind, statuses]) =>
    and(eq(paymentOrders.kind, kind as PaymentKind), inArray(paymentOrders.status, [...statuses])),
  ),
);

const opsView = (o: Order, account: string): z.input<typeof opsPaymentOrder> => ({
  ...orderView(o),
  merchantCode: o.merchantCode,
  memberId: o.memberId,
  account,
  next: NEXT[o.kind][o.status] ?? [],
});

export type PaymentsService = ReturnType<typeof createPaymentsService>;
