import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { cdnUrl } from '../../../contract/cdn.ts';
import type { launchPayload } from '../../../contract/launch.ts';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { gameLaunches, games, vendors } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import type { LaunchRequest, VendorDrivers } from '../../ports/gameVendor.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { listedGame } from '../games/list.ts';
import { LOTTERY_VENDORS, lotteryByCode } from '../lottery/catalogue.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { auditedMove } from '../wallet/service.ts';

/** A launch token lets the game's page reach the wallet for this long (a long session at one table). */
export const LAUNCH_TTL_MS = 12 * 3_600_000;

type Payload = z.output<typeof launchPayload>;

/** What the route knows of the request besides its payload: the merchant's currency and where the portal is. */
export interface LaunchContext {
  language: Locale;
  currency: string;
  device: LaunchRequest['device'];
  returnUrl: string;
  /** The merchant's launch CDNs: a game page of ours (it runs on its launch token alone) opens on one of them. */
  launchCdns: readonly string[];
}

/** A transfer vendor's launch takes the main balance along: its ledger and audit record. */
export interface LaunchMoney {
  ledger: Ledger;
  audit: AuditLog;
}

/** Spec §3 Game launch and §4 Starting a game: who may open which game, and where it opens. */
/** What play must pass besides the game's own rules (responsible gambling: breaks, loss limits). */
export interface PlayGuard {
  /**
   * `stake`: the bet about to be taken (none when a game opens: something of every loss limit must be left);
   * `tx`: the transaction that takes it, once the member's main wallet is locked.
   */
  checkPlay(memberId: number, stake?: bigint, tx?: Db): Promise<void>;
}

export function createLaunchService(
  db: Db,
  drivers: VendorDrivers,
  guard: PlayGuard,
  now: () => Date = () => new Date(),
  money?: LaunchMoney,
) {
  /**
   * A lottery opens on our own lottery pages (spec §4: TCG_LOTTO_VN on /vnLottery, others on /lottery) when the
   * merchant sells it; nothing is handed to a vendor, so no launch token is made.
   */
  async function launchLottery(merchantCode: string, member: Member, body: Payload) {
    const lottery = lotteryByCode.get(body.nodeId.toUpperCase());
    const [sold] = lottery
      ? await db
          .select({ code: vendors.vassalage })
          .from(vendors)
          .where(
            and(
              eq(vendors.merchantCode, merchantCode),
              eq(vendors.vassalage, lottery.vendor),
              eq(vendors.gameType, lottery.gameType),
            ),
          )
          .limit(1)
      : [];
    if (!lottery || !sold || body.vassalage !== lottery.vendor)
      throw new DomainError(404, 'NOT_FOUND', 'No such lottery', { nodeId: 'No such lottery' });
    await guard.checkPlay(member.id);
    const page = lottery.vendor === LOTTERY_VENDORS.LOTT ? '/vnLottery' : '/lottery';
    return { content: `${page}?gameCode=${encodeURIComponent(lottery.code)}`, openIn: 'frame' as const };
  }

  /**
   * A transfer vendor's game plays from its own wallet: the main balance goes along when it opens (the member
   * centre's recall brings it back). Keyed by the launch: a second launch finds the main wallet empty.
   */
  async function takeAlong(merchantCode: string, member: Member, vendor: string, launchToken: string) {
    const { ledger, audit } = money!;
    const main = await ledger.wallet(merchantCode, member.id, 'MAIN');
    const amount = await ledger.walletBalance(main);
    if (amount <= 0n) return;
    const requestId = `launch:${sha256(launchToken).slice(0, 32)}`;
    await drivers
      .of(merchantCode, vendor)
      .transferIn(
        merchantCode,
        member.id,
        vendor,
        amount,
        requestId,
        auditedMove(audit, member, 'WALLET_TRANSFER_IN', { vendor, amount, requestId, from: 'launch' }),
      );
    await audit.link();
  }

  return {
    /** `sessionTokenHash`: the session the game is launched from, which the launch cannot outlive. */
    async launch(
      { member, tokenHash: sessionTokenHash }: { member: Member; tokenHash: string },
      merchantCode: string,
      body: Payload,
      context: LaunchContext,
    ) {
      const { language } = context;
      // The payload repeats who is asking; only the session is trusted, so a mismatch is refused, not ignored.
      if (
        (body.username && body.username.toLowerCase() !== member.account) ||
        (body.merchantCode && body.merchantCode !== merchantCode)
      )
        throw new DomainError(403, 'FORBIDDEN', 'This launch belongs to another account');
      if (body.launchMode === 'LOTT') return launchLottery(merchantCode, member, body);
      const [game] = await db
        .select()
        .from(games)
        .where(and(eq(games.merchantCode, merchantCode), eq(games.nodeId, body.nodeId), listedGame));
      if (!game || game.vassalage !== body.vassalage)
        throw new DomainError(404, 'NOT_FOUND', 'No such game', { nodeId: 'No such game' });
      const trial = member.agentType === TRIAL_AGENT_TYPE;
      if (trial && !game.supportPlay)
        throw new DomainError(403, 'FORBIDDEN', 'Please Register An Account First');
      if (game.maintenanceUntil && game.maintenanceUntil > now())
        throw new DomainError(
          409,
          'GAME_MAINTENANCE',
          'The game is under maintenance, please see other popular games',
          undefined,
          { maintenanceUntil: game.maintenanceUntil.toISOString() },
        );
      await guard.checkPlay(member.id);
      const launchToken = newToken();
      const driver = drivers.of(merchantCode, game.vassalage);
      const target = await driver.launch({
        merchantCode,
        memberId: member.id,
        nodeId: game.nodeId,
        vassalage: game.vassalage,
        gameType: game.gameType,
        gameClassify: game.gameClassify,
        launchToken,
        language,
        trial,
        account: member.account,
        currency: context.currency,
        device: context.device,
        returnUrl: context.returnUrl,
      });
      // After the vendor opened the game: a launch it refuses leaves the money where it was.
      if (driver.transferOnLaunch && !trial && money)
        await takeAlong(merchantCode, member, game.vassalage, launchToken);
      await db.insert(gameLaunches).values({
        merchantCode,
        memberId: member.id,
        nodeId: game.nodeId,
        vassalage: game.vassalage,
        gameType: game.gameType,
        tokenHash: sha256(launchToken),
        sessionTokenHash,
        trial,
        language,
        expiresAt: new Date(now().getTime() + LAUNCH_TTL_MS),
      });
      return { content: cdnUrl(target.url, context.launchCdns), openIn: target.openIn };
    },
  };
}
export type LaunchService = ReturnType<typeof createLaunchService>;
