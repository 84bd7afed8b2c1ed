import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import {
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  SEAMLESS_VENDOR_HEADER,
  seamlessBalance,
  seamlessBet,
  seamlessRollback,
  seamlessWin,
} from '../../../contract/seamless.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { okValue, route } from '../../http/route.ts';
import { INHOUSE_VENDOR } from '../../ports/gameVendor.ts';
import type { SeamlessDirectory } from './directory.ts';
import type { SeamlessReply, SeamlessWallet } from './service.ts';
import { freshTimestamp, validSignature, vendorKey } from './signature.ts';
import { playRefusal } from './standing.ts';

const unauthorized = (message: string) => new DomainError(401, 'UNAUTHORIZED', message);

export interface SeamlessRoutesOptions {
  wallet: SeamlessWallet;
  directory: SeamlessDirectory;
  /** The master secret every other vendor's signing key is derived from (none: only connected vendors sign). */
  masterSecret?: string;
  /** A connected vendor's own secret (PORTICO_VENDORS), which signs its calls instead of the derived key. */
  secretOf?: (merchantCode: string, vendor: string) => string | undefined;
  now?: () => number;
}

/**
 * The seamless wallet over HTTP for third-party vendors. The signature covers the raw body, so this scope reads
 * JSON itself: it checks the vendor's signature and the timestamp before parsing, and a bodiless request is
 * checked against "". Then the vendor must be in the merchant's catalogue, and the body must speak for it alone.
 * A plugin: its JSON parser stays inside its own scope.
 */
export async function seamlessRoutes(scope: FastifyInstance, opts: SeamlessRoutesOptions): Promise<void> {
  const { wallet, directory, masterSecret, secretOf = () => undefined, now = Date.now } = opts;
  /** The vendor whose key signed each request. */
  const signer = new WeakMap<FastifyRequest, string>();
  const verify = (req: FastifyRequest, raw: string) => {
    const vendor = req.headers[SEAMLESS_VENDOR_HEADER];
    const timestamp = req.headers[SEAMLESS_TIMESTAMP_HEADER];
    if (typeof vendor !== 'string' || vendor === '' || vendor.length > 40)
      throw unauthorized('Missing vendor');
    const key =
      secretOf(req.merchant.code, vendor) ??
      (masterSecret ? vendorKey(masterSecret, req.merchant.code, vendor) : undefined);
    const signed = typeof timestamp === 'string' ? timestamp : '';
    if (!key || !validSignature(key, signed, raw, req.headers[SEAMLESS_SIGNATURE_HEADER]))
      throw unauthorized('Invalid signature');
    // Checked once the signature holds, so the timestamp cannot have been moved into the window.
    if (!freshTimestamp(timestamp, now()))
      throw unauthorized('The request is outside its 5-minute window: sign it again with the current time');
    signer.set(req, vendor);
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
    if (!signer.has(req)) verify(req, '');
    const vendor = signer.get(req)!;
    // Our own games pay through the wallet in process: no key of the in-house code is ever handed out.
    if (vendor === INHOUSE_VENDOR || !(await directory.listed(req.merchant.code, vendor)))
      throw new DomainError(403, 'FORBIDDEN', `No vendor ${vendor} in this site's catalogue`);
  });

  /** The body's vendor must be the signer: a vendor's key moves money of its own rounds only. */
  const vendorOf = (req: FastifyRequest, vassalage: string) => {
    if (vassalage !== signer.get(req))
      throw new DomainError(403, 'FORBIDDEN', 'The signing vendor may act for its own vendor code only', {
        vassalage: 'Not the signing vendor',
      });
    return vassalage;
  };

  const memberOf = (merchant: Merchant, account: string) => directory.member(merchant.code, account);
  const playerOf = (merchant: Merchant, member: { id: number; agentType: number }, vassalage: string) => ({
    merchantCode: merchant.code,
    memberId: member.id,
    vassalage,
    trial: member.agentType === TRIAL_AGENT_TYPE,
  });
  const reply = (merchant: Merchant, r: SeamlessReply) =>
    okValue({
      txId: r.txId,
      roundId: r.roundRef,
      amount: r.amount,
      balance: r.balance,
      currency: merchant.brand.currency,
    });

  route(scope, seamlessBalance, async ({ req, merchant, body }) => {
    const vendor = vendorOf(req, body.vassalage);
    const member = await memberOf(merchant, body.account);
    const { balance } = await wallet.balance(playerOf(merchant, member, vendor));
    return okValue({ account: body.account, balance, currency: merchant.brand.currency });
  });
  route(scope, seamlessBet, async ({ req, merchant, body }) => {
    const vendor = vendorOf(req, body.vassalage);
    const gameType = await directory.gameType(merchant.code, body.nodeId, vendor);
    const member = await memberOf(merchant, body.account);
    const r = await wallet.bet(playerOf(merchant, member, vendor), {
      txId: body.txId,
      roundRef: body.roundId,
      amount: BigInt(body.amount),
      nodeId: body.nodeId,
      gameType,
      mayPlay: async () => playRefusal(merchant, member, new Date(now())),
    });
    return reply(merchant, r);
  });
  route(scope, seamlessWin, async ({ req, merchant, body }) => {
    const vendor = vendorOf(req, body.vassalage);
    const p = playerOf(merchant, await memberOf(merchant, body.account), vendor);
    const r = await wallet.win(p, {
      txId: body.txId,
      roundRef: body.roundId,
      amount: BigInt(body.amount),
      close: body.roundClosed,
    });
    return reply(merchant, r);
  });
  route(scope, seamlessRollback, async ({ req, merchant, body }) => {
    const vendor = vendorOf(req, body.vassalage);
    const p = playerOf(merchant, await memberOf(merchant, body.account), vendor);
    return reply(merchant, await wallet.rollback(p, { txId: body.txId, betTxId: body.betTxId }));
  });
}
