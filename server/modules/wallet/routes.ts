import type { FastifyInstance } from 'fastify';
import { balance } from '../../../contract/wallet.ts';
import { okValue, route } from '../../http/route.ts';
import type { Ledger } from './ledger.ts';

export function walletRoutes(app: FastifyInstance, ledger: Ledger): void {
  route(app, balance, async ({ merchant, auth }) =>
    okValue({
      sumBalance: Number(await ledger.memberBalance(merchant.code, auth.member.id)),
      currency: merchant.brand.currency,
      currencySign: merchant.brand.currencySign,
    }),
  );
}
