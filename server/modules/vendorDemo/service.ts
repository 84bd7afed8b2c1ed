import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { vendorDemoTransfer } from '../../../contract/vendorDemo.ts';
import type { Db } from '../../db/client.ts';
import { games, vendors } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { Launch } from '../../http/route.ts';
import { INHOUSE_VENDOR, type VendorDrivers } from '../../ports/gameVendor.ts';
import { artPath } from '../art/paths.ts';
import type { AuditLog } from '../audit/log.ts';
import { localized } from '../content/service.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { auditedMove } from '../wallet/service.ts';

/** The demo vendor's game server: what its page shows, and transfers through the game-vendor port. */
export function createVendorDemo(db: Db, deps: { ledger: Ledger; drivers: VendorDrivers; audit: AuditLog }) {
  const { ledger, drivers, audit } = deps;
  const wallets = async (merchant: Merchant, launch: Launch) => {
    // In-house games pay through the seamless wallet: they have no vendor wallet to show or fill.
    if (launch.vassalage === INHOUSE_VENDOR)
      throw new DomainError(403, 'FORBIDDEN', 'This game is not a demo vendor game');
    const main = await ledger.wallet(merchant.code, launch.memberId, 'MAIN');
    return {
      main: Number(await ledger.walletBalance(main)),
      vendor: Number(
        await drivers(launch.vassalage).balance(merchant.code, launch.memberId, launch.vassalage),
      ),
      currencySign: merchant.brand.currencySign,
    };
  };

  return {
    async session(merchant: Merchant, launch: Launch) {
      const [row] = await db
        .select({ names: games.names, vendorName: vendors.displayName })
        .from(games)
        .innerJoin(
          vendors,
          and(
            eq(vendors.merchantCode, games.merchantCode),
            eq(vendors.vassalage, games.vassalage),
            eq(vendors.gameType, games.gameType),
          ),
        )
        .where(and(eq(games.merchantCode, merchant.code), eq(games.nodeId, launch.nodeId)));
      if (!row) throw new DomainError(404, 'NOT_FOUND', 'No such game');
      const locale = launch.language === 'vi' ? 'vi' : 'en';
      return {
        nodeId: launch.nodeId,
        gameName: localized(row.names, locale),
        vendorName: row.vendorName,
        gameType: launch.gameType,
        iconUrl: `${artPath.tile(merchant.code, launch.nodeId)}?lang=${locale}`,
        trial: launch.trial,
        wallets: await wallets(merchant, launch),
      };
    },

    async transfer(merchant: Merchant, launch: Launch, body: z.output<typeof vendorDemoTransfer.body>) {
      await wallets(merchant, launch);
      const driver = drivers(launch.vassalage);
      const move = body.direction === 'in' ? driver.transferIn : driver.transferOut;
      const amount = BigInt(body.amount);
      // The same record as the member centre's transfer, marked as made from the game's page.
      const record = auditedMove(
        audit,
        { merchantCode: merchant.code, id: launch.memberId },
        body.direction === 'in' ? 'WALLET_TRANSFER_IN' : 'WALLET_TRANSFER_OUT',
        { vendor: launch.vassalage, amount, requestId: body.requestId, from: 'game' },
      );
      await move(merchant.code, launch.memberId, launch.vassalage, amount, body.requestId, record);
      await audit.link();
      return { wallets: await wallets(merchant, launch) };
    },
  };
}
export type VendorDemo = ReturnType<typeof createVendorDemo>;
