import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MERCHANT_HEADER, merchantCode } from '../../contract/merchant.ts';
import { DomainError } from './errors.ts';
import type { Merchant, MerchantCache } from './merchantCache.ts';

export type { Merchant };

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant;
  }
}

const hostName = (req: FastifyRequest) => req.hostname.replace(/:\d+$/, '').toLowerCase();

/** The merchant of a request: the `Merchant` header when sent, else the domain the request came to. */
export async function resolveMerchant(cache: MerchantCache, req: FastifyRequest): Promise<Merchant> {
  const header = req.headers[MERCHANT_HEADER];
  if (typeof header === 'string' && header !== '') {
    const code = merchantCode.safeParse(header.toUpperCase());
    const row = code.success ? await cache.byCode(code.data) : undefined;
    if (!row) throw new DomainError(400, 'UNKNOWN_MERCHANT', `Unknown merchant "${header.slice(0, 40)}"`);
    return row;
  }
  const host = hostName(req);
  const row = await cache.byDomain(host);
  if (!row) throw new DomainError(400, 'UNKNOWN_MERCHANT', `No merchant is served on ${host.slice(0, 80)}`);
  return row;
}

/** Every route registered inside `scope` knows its merchant before validation runs. */
export function merchantScope(app: FastifyInstance, cache: MerchantCache): void {
  app.decorateRequest('merchant', null as unknown as Merchant);
  app.addHook('onRequest', async (req) => {
    req.merchant = await resolveMerchant(cache, req);
  });
}
