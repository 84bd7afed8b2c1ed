import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  MessageCategory,
  MessageParams,
  MessageTemplate,
  MessageView,
  messageList,
} from '../../../contract/messages.ts';
import type { opsSendMessage } from '../../../contract/ops.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members, merchants, messageStates, messages } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Member } from '../auth/sessions.ts';

/** A message to one member, or (memberId null) to every member of the merchant. */
export type Outgoing = {
  merchantCode: string;
  memberId: number | null;
  category: MessageCategory;
  title: string;
  /** Plain text (the SPA never renders it as HTML). */
  body: string;
} & (
  | { [T in MessageTemplate]: { template: T; params: MessageParams<T> } }[MessageTemplate]
  | { template?: undefined; params?: undefined }
);

/**
 * Puts a message in the inbox(es). Takes a transaction so a money event and its message commit together (e.g. from
 * a ledger post's hook); the title and body are the English fallback of a template.
 */
export async function send(tx: Db | Tx, m: Outgoing): Promise<number> {
  const params = Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, String(v)]));
  const [row] = await tx
    .insert(messages)
    .values({
      merchantCode: m.merchantCode,
      memberId: m.memberId,
      category: m.category,
      template: m.template ?? null,
      params,
      title: m.title,
      body: m.body,
    })
    .returning({ id: messages.id });
  return row!.id;
}

const notFound = () =>
  new DomainError(404, 'NOT_FOUND', 'No such message', { ids: 'No such message in your inbox' });

/** The member's message states joined to the messages (left join: no row means unread and kept). */
const stateOf = (member: Member) =>
  and(eq(messageStates.messageId, messages.id), eq(messageStates.memberId, member.id));

/** Messages addressed to the member or broadcast in its merchant, not deleted by it. */
const inInbox = (member: Member) =>
  and(
    eq(messages.merchantCode, member.merchantCode),
    or(eq(messages.memberId, member.id), isNull(messages.memberId)),
    isNull(messageStates.deletedAt),
  );

export function createMessageService(db: Db) {
  const unread = async (tx: Db | Tx, member: Member) => {
    const [row] = await tx
      .select({ n: count() })
      .from(messages)
      .leftJoin(messageStates, stateOf(member))
      .where(and(inInbox(member), isNull(messageStates.readAt)));
    return row?.n ?? 0;
  };

  /** Sets read_at or deleted_at of the member's messages `ids`; any id not in its inbox → 404, nothing changed. */
  const mark = (member: Member, ids: number[] | 'all', column: 'readAt' | 'deletedAt') =>
    db.transaction(async (tx) => {
      const wanted = ids === 'all' ? undefined : [...new Set(ids)];
      const found = await tx
        .select({ id: messages.id })
        .from(messages)
        .leftJoin(messageStates, stateOf(member))
        .where(and(inInbox(member), wanted ? inArray(messages.id, wanted) : isNull(messageStates.readAt)));
      if (wanted && found.length !== wanted.length) throw notFound();
      if (found.length > 0) {
        const now = new Date();
        const target = column === 'readAt' ? messageStates.readAt : messageStates.deletedAt;
        const name = column === 'readAt' ? 'read_at' : 'deleted_at';
        await tx
          .insert(messageStates)
          .values(found.map(({ id }) => ({ messageId: id, memberId: member.id, [column]: now })))
          .onConflictDoUpdate({
            target: [messageStates.messageId, messageStates.memberId],
            // The first time counts: reading again keeps when it was first read.
            set: { [column]: sql`coalesce(${target}, excluded.${sql.raw(name)})` },
          });
      }
      return { unread: await unread(tx, member) };
    });

  return {
    async list(member: Member, q: z.output<typeof messageList.query>) {
      const where = and(inInbox(member), q.category ? eq(messages.category, q.category) : undefined);
      const [total] = await db
        .select({ n: count() })
        .from(messages)
        .leftJoin(messageStates, stateOf(member))
        .where(where);
      const rows = await db
        .select({ message: messages, readAt: messageStates.readAt })
        .from(messages)
        .leftJoin(messageStates, stateOf(member))
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return {
        list: rows.map(
          ({ message: m, readAt }): MessageView => ({
            id: m.id,
            category: m.category as MessageCategory,
            template: m.template,
            params: m.params,
            title: m.title,
            body: m.body,
            createdAt: m.createdAt.toISOString(),
            read: readAt !== null,
          }),
        ),
        totalPages: Math.ceil((total?.n ?? 0) / q.pageSize),
        unread: await unread(db, member),
      };
    },

    unreadCount: async (member: Member) => ({ count: await unread(db, member) }),

    read: (member: Member, body: { ids?: number[]; all?: true }) =>
      mark(member, body.all ? 'all' : (body.ids ?? []), 'readAt'),

    remove: (member: Member, ids: number[]) => mark(member, ids, 'deletedAt'),

    /** Operator: to one member of the merchant by account, or to all of them (account null). */
    async opsSend(merchantCode: string, m: z.output<typeof opsSendMessage.body>) {
      return db.transaction(async (tx) => {
        const [merchant] = await tx
          .select({ code: merchants.code })
          .from(merchants)
          .where(eq(merchants.code, merchantCode));
        if (!merchant) throw new DomainError(404, 'NOT_FOUND', 'Unknown merchant');
        let memberId: number | null = null;
        if (m.account !== null) {
          const [to] = await tx
            .select({ id: members.id })
            .from(members)
            .where(and(eq(members.merchantCode, merchantCode), eq(members.account, m.account)));
          if (!to) throw new DomainError(404, 'NOT_FOUND', 'No such account', { account: 'No such account' });
          memberId = to.id;
        }
        const { title, body, category } = m;
        return { id: await send(tx, { merchantCode, memberId, category, title, body }) };
      });
    },
  };
}
export type MessageService = ReturnType<typeof createMessageService>;
