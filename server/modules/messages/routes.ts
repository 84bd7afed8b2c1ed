import type { FastifyInstance } from 'fastify';
import { deleteMessages, messageList, readMessages, unreadCount } from '../../../contract/messages.ts';
import { okValue, route } from '../../http/route.ts';
import type { MessageService } from './service.ts';

/** The member's inbox (spec §2 messageV2) and the header's unread count. */
export async function messageRoutes(
  app: FastifyInstance,
  { messages }: { messages: MessageService },
): Promise<void> {
  route(app, messageList, async ({ auth, query }) => okValue(await messages.list(auth.member, query)));
  route(app, unreadCount, async ({ auth }) => okValue(await messages.unreadCount(auth.member)));
  route(app, readMessages, async ({ auth, body }) => okValue(await messages.read(auth.member, body)));
  route(app, deleteMessages, async ({ auth, body }) => okValue(await messages.remove(auth.member, body.ids)));
}
