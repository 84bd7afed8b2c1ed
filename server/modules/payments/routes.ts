import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkoutWebhook,
  confirmWithdrawal,
  createDeposit,
  createWithdrawal,
  demoGatewayCallback,
  demoGatewayOrder,
  demoGatewayPay,
  PROOF_RULES,
  paymentOrders,
  paymentSettings,
  reportNotReceived,
  setPaymentPassword,
} from '../../../contract/payments.ts';
import { DomainError } from '../../http/errors.ts';
import { okValue, PASSWORD_LIMIT, route } from '../../http/route.ts';
import { acceptUploads, readUploads } from '../../http/uploads.ts';
import { webhookRefusal } from '../../ports/payments/hostedCheckout.ts';
import { GATEWAY_SIGNATURE_HEADER } from '../../ports/payments.ts';
import type { Payments } from './module.ts';

/** Spec §5: the proof of a withdrawal not received. */
const PROOF_LIMITS = {
  maxFiles: PROOF_RULES.maxFiles,
  maxBytes: PROOF_RULES.maxBytes,
  maxRemark: 140,
  missing: 'Add at least one picture of the proof',
};

/** Member calls of deposits and withdrawals, the gateway callback, and the demo gateway's own page calls. */
export async function paymentRoutes(
  app: FastifyInstance,
  opts: { payments: Payments; now?: () => number },
): Promise<void> {
  const { service: payments, passwords, demoPages, channels } = opts.payments;
  const now = opts.now ?? Date.now;
  route(app, paymentSettings, async ({ auth }) => okValue(await payments.settings(auth.member)));
  route(
    app,
    setPaymentPassword,
    async ({ auth, body }) => {
      await passwords.set(auth.member, body);
      return okValue(null);
    },
    PASSWORD_LIMIT,
  );
  route(app, createDeposit, async ({ auth, body }) =>
    okValue(await payments.createDeposit(auth.member, body)),
  );
  route(
    app,
    createWithdrawal,
    async ({ auth, body }) => okValue(await payments.createWithdrawal(auth.member, body)),
    PASSWORD_LIMIT,
  );
  route(app, paymentOrders, async ({ auth, query }) => okValue(await payments.list(auth.member, query)));
  route(app, confirmWithdrawal, async ({ auth, params }) =>
    okValue(await payments.confirmReceived(auth.member, params.id)),
  );

  app.register(async (uploads) => {
    await acceptUploads(uploads, PROOF_LIMITS);
    route(uploads, reportNotReceived, async ({ auth, params, req }) => {
      const { files, remark } = await readUploads(req, PROOF_LIMITS);
      return okValue(await payments.reportNotReceived(auth.member, params.id, { proofs: files, remark }));
    });
  });

  // Hosted-checkout webhooks: the raw body is kept to check its signature with the channel's webhook secret, which
  // happens before the body is read (an unsigned caller learns nothing of what we expect).
  app.register(async (scope) => {
    const raws = new WeakMap<FastifyRequest, string>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      raws.set(req, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        // Judged after the signature: a forged body is a 401 however malformed it is.
        done(null, undefined);
      }
    });
    scope.addHook('preValidation', async (req) => {
      const id = Number((req.params as { channelId?: string }).channelId);
      const channel =
        Number.isSafeInteger(id) && id > 0
          ? await channels.resolve(req.merchant.code, id).catch((err: Error) => {
              req.log.error({ channelId: id, err: err.message }, 'payment channel secrets do not open');
              return undefined;
            })
          : undefined;
      // An unknown channel is refused like a bad signature: nothing to tell who probes which ids exist.
      const refusal =
        channel?.kind === 'HOSTED_CHECKOUT'
          ? webhookRefusal(channel.secrets.webhookSecret ?? '', req.headers, raws.get(req) ?? '', now())
          : 'signature';
      if (refusal === 'signature') throw new DomainError(401, 'UNAUTHORIZED', 'Invalid signature');
      if (refusal === 'stale')
        throw new DomainError(401, 'UNAUTHORIZED', 'Timestamp outside the 5-minute window: sign it again');
      if (req.body === undefined) throw new DomainError(400, 'VALIDATION', 'Malformed JSON body');
    });
    route(scope, checkoutWebhook, async ({ merchant, params, body }) => {
      const { credited, review } = await payments.checkoutResult(merchant.code, params.channelId, body);
      return { ok: true as const, credited, review: review ?? false };
    });
  });

  const gateway = payments.drivers.DEMO_GATEWAY;
  if (!gateway?.verifyCallback || !gateway.sign) return;

  /** The callback as the gateway posts it: signature over the raw body first, then the contract. */
  const accept = async (merchantCode: string, raw: string, signature: unknown) => {
    if (!gateway.verifyCallback!(raw, signature))
      throw new DomainError(401, 'UNAUTHORIZED', 'Invalid signature');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new DomainError(400, 'VALIDATION', 'Malformed JSON body');
    }
    const parsed = demoGatewayCallback.body.safeParse(json);
    if (!parsed.success) throw new DomainError(400, 'VALIDATION', 'Invalid callback body');
    return payments.gatewayResult('DEMO_GATEWAY', merchantCode, parsed.data);
  };

  app.register(async (scope) => {
    const verified = new WeakSet<FastifyRequest>();
    const verify = (req: FastifyRequest, raw: string) => {
      if (!gateway.verifyCallback!(raw, req.headers[GATEWAY_SIGNATURE_HEADER]))
        throw new DomainError(401, 'UNAUTHORIZED', 'Invalid signature');
      verified.add(req);
    };
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      try {
        verify(req, body as string);
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(err instanceof DomainError ? err : new DomainError(400, 'VALIDATION', 'Malformed JSON body'));
      }
    });
    scope.addHook('preValidation', async (req) => {
      if (!verified.has(req)) verify(req, '');
    });
    route(scope, demoGatewayCallback, async ({ merchant, body }) => {
      const { credited } = await payments.gatewayResult('DEMO_GATEWAY', merchant.code, body);
      return { ok: true as const, credited };
    });
  });

  if (!demoPages) return;
  route(app, demoGatewayOrder, async ({ merchant, query }) => {
    const o = await payments.gatewayOrder(merchant.code, 'DEMO_GATEWAY', query.ref);
    return okValue({
      ref: query.ref,
      amount: Number(o.amount),
      merchantName: merchant.brand.name,
      currencySign: merchant.brand.currencySign,
      status: o.status,
    });
  });
  route(app, demoGatewayPay, async ({ merchant, body }) => {
    // Acting as the gateway: it posts its signed callback to us, through the same handler a real one reaches.
    const o = await payments.gatewayOrder(merchant.code, 'DEMO_GATEWAY', body.ref);
    const raw = JSON.stringify({ orderRef: body.ref, amount: Number(o.amount), status: body.outcome });
    const { credited, order } = await accept(merchant.code, raw, gateway.sign!(raw));
    return okValue({ ref: body.ref, status: order.status, credited });
  });
}
