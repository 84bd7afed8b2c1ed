import type { FastifyInstance } from 'fastify';
import {
  accountRecord,
  bettingRecord,
  profitAndLoss,
  transferToUpline,
  walletList,
  walletTransfer,
} from '../../../contract/payments.ts';
import { balance } from '../../../contract/wallet.ts';
import { requestLocale } from '../../http/locale.ts';
import { okValue, PASSWORD_LIMIT, route } from '../../http/route.ts';
import type { BalanceReader } from './balance.ts';
import type { WalletService } from './service.ts';

export async function walletRoutes(
  app: FastifyInstance,
  { wallet: service, balances }: { wallet: WalletService; balances: BalanceReader },
): Promise<void> {
  route(app, balance, async ({ merchant, auth }) =>
    okValue({
      sumBalance: Number(await balances.read(merchant.code, auth.member.id)),
      currency: merchant.brand.currency,
      currencySign: merchant.brand.currencySign,
    }),
  );
  route(app, walletList, async ({ merchant, auth }) => okValue(await service.wallets(merchant, auth.member)));
  route(app, walletTransfer, async ({ merchant, auth, body, req }) =>
    okValue({
      // -1: no version was read for this request (server/http/merchant.ts).
      wallets: await service.transfer(
        merchant,
        auth.member,
        body,
        req.catalogueVersion >= 0 ? req.catalogueVersion : undefined,
      ),
    }),
  );
  route(
    app,
    transferToUpline,
    async ({ merchant, auth, body }) => okValue(await service.transferToUpline(merchant, auth.member, body)),
    PASSWORD_LIMIT,
  );
  route(app, accountRecord, async ({ merchant, auth, query }) =>
    okValue(await service.accountRecord(merchant, auth.member, query)),
  );
  route(app, bettingRecord, async ({ merchant, auth, query, req }) =>
    okValue(await service.bettingRecord(merchant, auth.member, requestLocale(req), query)),
  );
  route(app, profitAndLoss, async ({ merchant, auth, query }) =>
    okValue(await service.profitAndLoss(merchant, auth.member, query)),
  );
}
