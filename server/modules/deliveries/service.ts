import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MessageSenders, OpsDelivery, opsDeliveries } from '../../../contract/deliveries.ts';
import type { Db } from '../../db/client.ts';
import { merchants, outbox } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { type Channel, DeliveryError, type Transport } from '../../ports/messaging.ts';

/**
 * Tries per message and the wait before each next one (base · 2^(tries − 1): 15 s, 30 s, 1 min, 2 min), so the
 * last try of a 5-minute SMS code still comes before it expires. A claimed message is leased for `leaseMs`: a
 * process that died while sending leaves it to be tried again after that.
 */
export const DELIVERY_POLICY = { maxAttempts: 5, baseDelayMs: 15_000, leaseMs: 120_000, batch: 20 };
export type DeliveryPolicy = typeof DELIVERY_POLICY;

/** What the job tells when a channel has no driver (production without the variable). */
const NO_DRIVER: Record<Channel, string> = {
  sms: 'No SMS driver: set PORTICO_SMS_URL',
  email: 'No e-mail driver: set PORTICO_SMTP_URL',
};

type Row = typeof outbox.$inferSelect;
type ListQuery = z.output<typeof opsDeliveries.query>;

const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** `+84901234567` → `+8490•••••67`; `player@example.com` → `pl•••@example.com`: enough to tell them apart. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient.slice(0, Math.min(2, at - 1))}•••${recipient.slice(at)}`;
  if (recipient.length <= 6) return '•'.repeat(recipient.length);
  return `${recipient.slice(0, 5)}${'•'.repeat(recipient.length - 7)}${recipient.slice(-2)}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The delivery side of the messaging port: the job's `runDue` claims due messages (FOR UPDATE SKIP LOCKED, so
 * several processes share the queue without sending one message twice) and hands each to its channel's driver;
 * operators list sends, retry failed ones and set each merchant's senders.
 */
export function createDeliveries(
  db: Db,
  deps: {
    transports: Partial<Record<Channel, Transport>>;
    now?: () => Date;
    policy?: Partial<DeliveryPolicy>;
    /** A delivery failed for good (the app logs it, without the body). */
    onFailed?: (row: { id: number; merchantCode: string; channel: Channel; error: string }) => void;
  },
) {
  const now = deps.now ?? (() => new Date());
  const policy = { ...DELIVERY_POLICY, ...deps.policy };

  const view = (r: Row): OpsDelivery => ({
    id: r.id,
    merchantCode: r.merchantCode,
    channel: r.channel,
    recipient: maskRecipient(r.recipient),
    subject: r.subject,
    preview: r.preview,
    language: r.language,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: iso(r.nextAttemptAt),
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    retryable: r.status === 'FAILED' && !(r.expiresAt && r.expiresAt <= now()),
  });

  async function senderOf(code: string) {
    const [m] = await db.select().from(merchants).where(eq(merchants.code, code));
    return { ...m?.settings.senders, brandName: m?.brand.name ?? code };
  }

  /** Claims due messages: each gets its try counted and a lease, in one statement. */
  async function claim(at: Date): Promise<Row[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ['PENDING', 'SENDING']), lte(outbox.nextAttemptAt, at)))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(policy.batch)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({
        status: 'SENDING',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + policy.leaseMs),
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  async function fail(row: Row, error: string) {
    await db
      .update(outbox)
      .set({ status: 'FAILED', lastError: error, nextAttemptAt: null })
      .where(eq(outbox.id, row.id));
    deps.onFailed?.({ id: row.id, merchantCode: row.merchantCode, channel: row.channel, error });
  }

  async function deliver(row: Row): Promise<'SENT' | 'PENDING' | 'FAILED'> {
    const at = now();
    if (row.expiresAt && row.expiresAt <= at) {
      await fail(
        row,
        `Expired before it could be delivered${row.lastError ? ` (last error: ${row.lastError})` : ''}`,
      );
      return 'FAILED';
    }
    const transport = deps.transports[row.channel];
    if (!transport) {
      await fail(row, NO_DRIVER[row.channel]);
      return 'FAILED';
    }
    try {
      const { providerId } = await transport.deliver({
        id: row.id,
        merchantCode: row.merchantCode,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        language: row.language,
        sender: await senderOf(row.merchantCode),
      });
      // Once delivered, the code need not be kept: the row keeps the masked text only.
      await db
        .update(outbox)
        .set({
          status: 'SENT',
          sentAt: now(),
          providerId: providerId ?? null,
          body: row.preview,
          lastError: null,
          nextAttemptAt: null,
        })
        .where(eq(outbox.id, row.id));
      return 'SENT';
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const permanent = err instanceof DeliveryError && err.permanent;
      if (permanent || row.attempts >= policy.maxAttempts) {
        await fail(row, error);
        return 'FAILED';
      }
      const wait = policy.baseDelayMs * 2 ** (row.attempts - 1);
      await db
        .update(outbox)
        .set({ status: 'PENDING', lastError: error, nextAttemptAt: new Date(now().getTime() + wait) })
        .where(eq(outbox.id, row.id));
      return 'PENDING';
    }
  }

  return {
    policy,

    /** One run of the delivery job: every due message tried once, side by side. */
    async runDue(): Promise<Record<'SENT' | 'PENDING' | 'FAILED', number>> {
      const rows = await claim(now());
      const outcomes = await Promise.all(rows.map(deliver));
      const tally = { SENT: 0, PENDING: 0, FAILED: 0 };
      for (const o of outcomes) tally[o] += 1;
      return tally;
    },

    async list(q: ListQuery, granted?: string[]): Promise<{ list: OpsDelivery[]; totalPages: number }> {
      const where = and(
        granted ? inArray(outbox.merchantCode, granted) : undefined,
        q.merchant ? eq(outbox.merchantCode, q.merchant) : undefined,
        q.channel ? eq(outbox.channel, q.channel) : undefined,
        q.status ? eq(outbox.status, q.status) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(outbox).where(where),
        db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
      ]);
      return { list: rows.map(view), totalPages: pages(total?.n ?? 0, q.pageSize) };
    },

    /** A failed message back in the queue with a fresh set of tries. */
    async retry(id: number): Promise<OpsDelivery> {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      if (!row) throw new DomainError(404, 'NOT_FOUND', 'Not found');
      if (!view(row).retryable)
        throw new DomainError(
          409,
          'CONFLICT',
          row.status === 'FAILED'
            ? 'Its code has expired: the member asks for a new one'
            : 'Only a failed message can be sent again',
        );
      const [queued] = await db
        .update(outbox)
        .set({ status: 'PENDING', attempts: 0, nextAttemptAt: now() })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'FAILED')))
        .returning();
      if (!queued) throw new DomainError(409, 'CONFLICT', 'Only a failed message can be sent again');
      return view(queued);
    },

    async senders(code: string): Promise<MessageSenders> {
      const [m] = await db.select().from(merchants).where(eq(merchants.code, code));
      if (!m) throw new DomainError(404, 'NOT_FOUND', 'Not found');
      return { emailFrom: '', emailName: '', smsFrom: '', ...m.settings.senders };
    },

    async setSenders(code: string, senders: MessageSenders): Promise<MessageSenders> {
      const [m] = await db.select().from(merchants).where(eq(merchants.code, code));
      if (!m) throw new DomainError(404, 'NOT_FOUND', 'Not found');
      await db
        .update(merchants)
        .set({ settings: { ...m.settings, senders } })
        .where(eq(merchants.code, code));
      return senders;
    },
  };
}
export type Deliveries = ReturnType<typeof createDeliveries>;
