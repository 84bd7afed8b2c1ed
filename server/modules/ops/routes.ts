import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createMerchant,
  opsApprovePayment,
  opsAuditVerify,
  opsAwardTicket,
  opsDisbursePayment,
  opsGetRules,
  opsPayments,
  opsRejectPayment,
  opsSendMessage,
  opsSetRules,
  updateMerchant,
} from '../../../contract/ops.ts';
import { DomainError } from '../../http/errors.ts';
import { okValue, route } from '../../http/route.ts';
import type { AuditLog } from '../audit/log.ts';
import type { MessageService } from '../messages/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { TicketService } from '../rewards/tickets.ts';
import type { RulesStore } from '../rules/store.ts';
import { RULE_TOPICS } from '../rules/topics.ts';
import type { createOpsService } from './service.ts';

const bearer = (req: FastifyRequest) => (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

/** Every route of `app`'s scope answers only to the operator's bearer token. */
export function requireOpsToken(app: FastifyInstance, token: string): void {
  const expected = Buffer.from(token);
  app.addHook('onRequest', async (req) => {
    const given = Buffer.from(bearer(req));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new DomainError(401, 'UNAUTHORIZED', 'Operator token required');
  });
}

/** Operator API; registered only when an ops token is configured (PORTICO_OPS_TOKEN). */
export function opsRoutes(
  app: FastifyInstance,
  ops: ReturnType<typeof createOpsService>,
  token: string,
  more: {
    payments?: PaymentsService;
    audit?: AuditLog;
    messages?: MessageService;
    tickets?: TicketService;
    rules?: RulesStore;
  } = {},
): void {
  requireOpsToken(app, token);
  route(app, updateMerchant, async ({ params, body }) => okValue(await ops.update(params.code, body)));
  route(app, createMerchant, async ({ body }) => okValue(await ops.create(body)));
  if (more.rules) {
    const { rules } = more;
    route(app, opsGetRules, async ({ params }) => {
      const read = await rules.read(params.code, RULE_TOPICS[params.topic]);
      return okValue({
        topic: params.topic,
        rules: read.rules as Record<string, unknown>,
        custom: read.custom,
      });
    });
    route(app, opsSetRules, async ({ params, body }) => {
      const set = await rules.set(params.code, RULE_TOPICS[params.topic], body);
      return okValue({ topic: params.topic, rules: set as Record<string, unknown>, custom: true });
    });
  }
  const { payments, audit, messages, tickets } = more;
  if (payments) {
    route(app, opsPayments, async ({ query }) => okValue({ list: await payments.opsList(query) }));
    route(app, opsApprovePayment, async ({ params, body }) =>
      okValue(await payments.approve(params.id, body?.remark)),
    );
    route(app, opsRejectPayment, async ({ params, body }) =>
      okValue(await payments.reject(params.id, body?.remark)),
    );
    route(app, opsDisbursePayment, async ({ params, body }) =>
      okValue(await payments.disburse(params.id, body?.remark)),
    );
  }
  if (audit) route(app, opsAuditVerify, async () => okValue(await audit.verify()));
  if (messages)
    route(app, opsSendMessage, async ({ params, body }) =>
      okValue(await messages.opsSend(params.code, body)),
    );
  if (tickets)
    route(app, opsAwardTicket, async ({ params, body }) =>
      okValue({ ticket: await tickets.awardByAccount(params.code, body.account, body.type) }),
    );
}
