import type { FastifyInstance } from 'fastify';
import {
  createMerchant,
  opsApprovePayment,
  opsAuditVerify,
  opsAwardTicket,
  opsDisbursePayment,
  opsGetRules,
  opsPaymentHistory,
  opsPaymentProof,
  opsPaymentQueues,
  opsPayments,
  opsRejectPayment,
  opsResolveDispute,
  opsSendMessage,
  opsSetRules,
  updateMerchant,
} from '../../../contract/ops.ts';
import { okValue, route } from '../../http/route.ts';
import type { AuditLog } from '../audit/log.ts';
import { grantedMerchants } from '../backoffice/scope.ts';
import type { Changes } from '../changes/service.ts';
import type { MessageService } from '../messages/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { TicketService } from '../rewards/tickets.ts';
import type { RulesStore, RuleTopics } from '../rules/store.ts';
import { backupRoute } from './backup.ts';
import type { createOpsService } from './service.ts';

/** Operator API of merchants, payments, audit, backup, messages, tickets and rules (who may call what: contract `opsRoles`). */
export async function opsRoutes(
  app: FastifyInstance,
  {
    ops,
    ...more
  }: {
    ops: ReturnType<typeof createOpsService>;
    payments?: PaymentsService;
    audit?: AuditLog;
    messages?: MessageService;
    tickets?: TicketService;
    rules?: RulesStore;
    /** The rules registry (server/ruleTopics.ts). */
    topics?: RuleTopics;
    /** Rules are drafted here and take effect once another operator approves them. */
    changes?: Changes;
  },
): Promise<void> {
  route(app, updateMerchant, async ({ params, body }) => okValue(await ops.update(params.code, body)));
  route(app, createMerchant, async ({ body }) => okValue(await ops.create(body)));
  if (more.rules && more.topics && more.changes) {
    const { rules, topics, changes } = more;
    route(app, opsGetRules, async ({ params, auth }) => {
      const read = await rules.read(params.code, topics[params.topic]);
      return okValue({
        topic: params.topic,
        rules: read.rules as Record<string, unknown>,
        custom: read.custom,
        pending: await changes.pendingOf(params.code, 'RULES', params.topic, auth.operator),
      });
    });
    route(app, opsSetRules, async ({ params, body, auth }) =>
      okValue({
        change: await changes.draftNow(
          { merchantCode: params.code, kind: 'RULES', ref: params.topic, value: body },
          auth.operator,
        ),
      }),
    );
  }
  const { payments, audit, messages, tickets } = more;
  if (payments) {
    route(app, opsPayments, async ({ query, auth }) =>
      okValue({ list: await payments.opsList({ ...query, merchants: grantedMerchants(auth.operator) }) }),
    );
    route(app, opsApprovePayment, async ({ params, body }) =>
      okValue(await payments.approve(params.id, body?.remark)),
    );
    route(app, opsRejectPayment, async ({ params, body }) =>
      okValue(await payments.reject(params.id, body?.remark)),
    );
    route(app, opsDisbursePayment, async ({ params, body }) =>
      okValue(await payments.disburse(params.id, body?.remark, body?.reference)),
    );
    route(app, opsResolveDispute, async ({ params, body }) =>
      okValue(await payments.resolve(params.id, body)),
    );
    route(app, opsPaymentQueues, async ({ query, auth }) =>
      okValue(await payments.queues({ ...query, merchants: grantedMerchants(auth.operator) })),
    );
    route(app, opsPaymentHistory, async ({ params }) => okValue(await payments.history(params.id)));
    route(app, opsPaymentProof, async ({ params, reply }) => {
      const { data, type } = await payments.proof(params.id, params.n);
      // A member's picture of a bank statement: never kept by a browser or a proxy, never sniffed as anything else.
      reply
        .type(type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return data;
    });
  }
  if (audit) {
    route(app, opsAuditVerify, async () => okValue(await audit.verify()));
    backupRoute(app, ops.backup, audit);
  }
  if (messages)
    route(app, opsSendMessage, async ({ params, body }) =>
      okValue(await messages.opsSend(params.code, body)),
    );
  if (tickets)
    route(app, opsAwardTicket, async ({ params, body }) =>
      okValue({ ticket: await tickets.awardByAccount(params.code, body.account, body.type) }),
    );
}
