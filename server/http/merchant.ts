import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MERCHANT_HEADER, merchantCode } from '../../contract/merchant.ts';
import type { Db } from '../db/client.ts';
import { domains, merchants } from '../db/schema/index.ts';
import { DomainError } from './errors.ts';

export type Merchant = typeof merchants.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant;
  }
}

const hostName = (req: FastifyRequest) => req.hostname.replace(/:\d+$/, '').toLowerCase();

/** The merchant of a request: the `Merchant` header when sent, else the domain the request came to. */
export async function resolveMerchant(db: Db, req: FastifyRequest): Promise<Merchant> {
  const header = req.headers[MERCHANT_HEADER];
  if (typeof header === 'string' && header !== '') {
    const code = merchantCode.safeParse(header.toUpperCase());
    const [row] = code.success ? await db.select().from(merchants).where(eq(merchants.code, code.data)) : [];
    if (!row) throw new DomainError(400, 'UNKNOWN_MERCHANT', `Unknown merchant "${header.slice(0, 40)}"`);
    return row;
  }
  const host = hostName(req);
  const [row] = await db
    .select({ merchant: merchants })
    .from(domains)
    .innerJoin(merchants, eq(domains.merchantCode, merchants.code))
    .where(eq(domains.domain, host));
  if (!row) throw new DomainError(400, 'UNKNOWN_MERCHANT', `No merchant is served on ${host.slice(0, 80)}`);
  return row.merchant;
}

/** Every route registered inside `scope` knows its merchant before validation runs. */
export function merchantScope(app: FastifyInstance, db: Db): void {
  app.decorateRequest('merchant', null as unknown as Merchant);
  app.addHook('onRequest', async (req) => {
    req.merchant = await resolveMerchant(db, req);
  });
}
