import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MERCHANT_HEADER, merchantCode } from '../../contract/merchant.ts';
import { DomainError } from './errors.ts';
import type { Merchant, MerchantCache } from './merchantCache.ts';

export type { Merchant };

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant;
    /** The catalogue's version when the request came in (read with the merchant): the reply cache's stamp. */
    catalogueVersion: number;
  }
}

const hostName = (req: FastifyRequest) => req.hostname.replace(/:\d+$/, '').toLowerCase();

/**
 * The merchant of a request: the `Merchant` header when sent, else the domain the request came to; with the
 * catalogue version read beside it.
 */
async function findMerchant(
  cache: MerchantCache,
  req: FastifyRequest,
): Promise<{ merchant: Merchant; catalogue: number }> {
  const header = req.headers[MERCHANT_HEADER];
  if (typeof header === 'string' && header !== '') {
    const code = merchantCode.safeParse(header.toUpperCase());
    const found = code.success ? await cache.find.code(code.data) : undefined;
    if (!found?.merchant)
      throw new DomainError(400, 'UNKNOWN_MERCHANT', `Unknown merchant "${header.slice(0, 40)}"`);
    return { merchant: found.merchant, catalogue: found.catalogue };
  }
  const host = hostName(req);
  const { merchant, catalogue } = await cache.find.domain(host);
  if (!merchant)
    throw new DomainError(400, 'UNKNOWN_MERCHANT', `No merchant is served on ${host.slice(0, 80)}`);
  return { merchant, catalogue };
}

/** The merchant of a request: the `Merchant` header when sent, else the domain the request came to. */
export const resolveMerchant = async (cache: MerchantCache, req: FastifyRequest): Promise<Merchant> =>
  (await findMerchant(cache, req)).merchant;

/** Every route registered inside `scope` knows its merchant (and the catalogue version) before validation runs. */
export function merchantScope(app: FastifyInstance, cache: MerchantCache): void {
  app.decorateRequest('merchant', null as unknown as Merchant);
  app.decorateRequest('catalogueVersion', -1);
  app.addHook('onRequest', async (req) => {
    const found = await findMerchant(cache, req);
    req.merchant = found.merchant;
    req.catalogueVersion = found.catalogue;
  });
}
