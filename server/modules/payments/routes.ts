import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
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
import { okValue, route } from '../../http/route.ts';
import { GATEWAY_SIGNATURE_HEADER } from '../../ports/payments.ts';
import type { Payments } from './module.ts';
import type { Proof } from './service.ts';

const badUpload = (message: string) => new DomainError(400, 'VALIDATION', message, { files: message });
const MAX_REMARK = 140;

/** The type of an image by its first bytes, whatever its name or declared type says. */
export function sniffImage(data: Buffer): Proof['ext'] | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  return null;
}

/** Reads a proof upload whole (at most 3 × 5 MB) and checks every file before anything is stored. */
async function readProofs(req: FastifyRequest): Promise<{ proofs: Proof[]; remark: string | null }> {
  if (!req.isMultipart()) throw badUpload('Send the proof as multipart/form-data');
  const proofs: Proof[] = [];
  let remark: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0) throw badUpload(`${part.filename || 'A file'} is empty`);
        const ext = sniffImage(data);
        if (!ext) throw badUpload(`${part.filename || 'A file'} is not a png or jpg image`);
        proofs.push({ ext, data });
      } else if (part.fieldname === 'remark') {
        remark = String(part.value ?? '').trim() || null;
        if (part.valueTruncated || (remark?.length ?? 0) > MAX_REMARK)
          throw new DomainError(400, 'VALIDATION', 'Remark is too long', {
            remark: `At most ${MAX_REMARK} characters`,
          });
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badUpload('Each file is at most 5 MB');
    if (code === 'FST_FILES_LIMIT') throw badUpload(`At most ${PROOF_RULES.maxFiles} files`);
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) throw badUpload('Malformed upload');
    throw err;
  }
  if (proofs.length === 0) throw badUpload('Add at least one picture of the proof');
  return { proofs, remark };
}

/** Member calls of deposits and withdrawals, the gateway callback, and the demo gateway's own page calls. */
export function paymentRoutes(app: FastifyInstance, { service: payments, passwords }: Payments): void {
  route(app, paymentSettings, async ({ auth }) => okValue(await payments.settings(auth.member)));
  route(app, setPaymentPassword, async ({ auth, body }) => {
    await passwords.set(auth.member, body);
    return okValue(null);
  });
  route(app, createDeposit, async ({ auth, body }) =>
    okValue(await payments.createDeposit(auth.member, body)),
  );
  route(app, createWithdrawal, async ({ auth, body }) =>
    okValue(await payments.createWithdrawal(auth.member, body)),
  );
  route(app, paymentOrders, async ({ auth, query }) => okValue(await payments.list(auth.member, query)));
  route(app, confirmWithdrawal, async ({ auth, params }) =>
    okValue(await payments.confirmReceived(auth.member, params.id)),
  );

  app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: PROOF_RULES.maxBytes,
        files: PROOF_RULES.maxFiles,
        fields: 4,
        fieldSize: 4096,
        parts: PROOF_RULES.maxFiles + 4,
      },
      throwFileSizeLimit: true,
    });
    route(uploads, reportNotReceived, async ({ auth, params, req }) =>
      okValue(await payments.reportNotReceived(auth.member, params.id, await readProofs(req))),
    );
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
