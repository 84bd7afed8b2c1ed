import type { GameType } from '../../contract/games.ts';
import type { Locale } from '../../contract/merchant.ts';
import { requestHash } from '../lib/idempotency.ts';
import type { Ledger, PostHook } from '../modules/wallet/ledger.ts';

/** What a driver needs to open a game for a member. */
export interface LaunchRequest {
  merchantCode: string;
  memberId: number;
  nodeId: string;
  vassalage: string;
  gameType: GameType;
  gameClassify: string;
  /** The launch token the game's page presents back to us (seamless wallet, demo vendor page). */
  launchToken: string;
  language: Locale;
  trial: boolean;
}

export interface LaunchTarget {
  url: string;
  /** Vendors whose pages refuse to be framed open in a popup. */
  openIn: 'frame' | 'popup';
}

/**
 * A game vendor as the portal sees it (spec §3 Game launch; transfer wallets of spec §7 GCS_walletTransfer):
 * where a game opens, and the member's money on the vendor's side. Each vendor code maps to one driver.
 */
export interface GameVendorDriver {
  launch(req: LaunchRequest): LaunchTarget;
  /** The member's balance held at the vendor, minor units. */
  balance(merchantCode: string, memberId: number, vassalage: string): Promise<bigint>;
  /**
   * Main wallet → vendor; `txId` makes a retry move nothing. `inTx` runs in the ledger transaction of the
   * portal's side of the move (its audit record), only when something moved.
   */
  transferIn(
    merchantCode: string,
    memberId: number,
    vassalage: string,
    amount: bigint,
    txId: string,
    inTx?: PostHook,
  ): Promise<void>;
  /** Vendor → main wallet. */
  transferOut(
    merchantCode: string,
    memberId: number,
    vassalage: string,
    amount: bigint,
    txId: string,
    inTx?: PostHook,
  ): Promise<void>;
}

const params = (req: LaunchRequest) =>
  new URLSearchParams({ t: req.launchToken, lang: req.language }).toString();

/**
 * The built-in stand-in for every seeded third-party vendor: its "game server" is a page of ours that shows the
 * game and the member's vendor wallet; the vendor wallet is a ledger wallet of kind = vendor code.
 */
export function demoVendorDriver(ledger: Ledger): GameVendorDriver {
  const move = async (
    merchantCode: string,
    memberId: number,
    from: string,
    to: string,
    amount: bigint,
    key: string,
    inTx?: PostHook,
  ) => {
    const ids = await ledger.memberWallets(merchantCode, memberId, [from, to]);
    const [a, b] = [ids.get(from)!, ids.get(to)!];
    const request = { from, to, amount: amount.toString() };
    // A request id names one transfer: reusing it for another direction, vendor or amount is refused.
    await ledger.post(
      merchantCode,
      key,
      'VENDOR_TRANSFER',
      [
        { walletId: a, amount: -amount },
        { walletId: b, amount },
      ],
      request,
      inTx,
      requestHash(request),
    );
  };
  return {
    launch: (req) => ({ url: `/play/demo?${params(req)}`, openIn: 'frame' }),
    async balance(merchantCode, memberId, vassalage) {
      const id = await ledger.wallet(merchantCode, memberId, vassalage);
      return ledger.walletBalance(id);
    },
    transferIn: (m, member, vendor, amount, txId, inTx) =>
      move(m, member, 'MAIN', vendor, amount, `transfer:${member}:${txId}`, inTx),
    transferOut: (m, member, vendor, amount, txId, inTx) =>
      move(m, member, vendor, 'MAIN', amount, `transfer:${member}:${txId}`, inTx),
  };
}

/** In-house games (vendor PORTICO): our own pages, paying through the seamless wallet; no money sits at them. */
export function inhouseDriver(): GameVendorDriver {
  return {
    launch: (req) => ({
      url: `/play/${req.gameClassify === 'MINI' ? 'dice' : 'slot'}?${params(req)}`,
      openIn: 'frame',
    }),
    balance: async () => 0n,
    transferIn: async () => {
      throw new Error('in-house games use the seamless wallet: nothing is transferred');
    },
    transferOut: async () => {
      throw new Error('in-house games use the seamless wallet: nothing is transferred');
    },
  };
}

export const INHOUSE_VENDOR = 'PORTICO';

/** The driver of a vendor code: in-house for our own games, the demo driver for every other seeded code. */
export function vendorDrivers(ledger: Ledger, overrides: Record<string, GameVendorDriver> = {}) {
  const demo = demoVendorDriver(ledger);
  const inhouse = inhouseDriver();
  return (vassalage: string): GameVendorDriver =>
    overrides[vassalage] ?? (vassalage === INHOUSE_VENDOR ? inhouse : demo);
}
export type VendorDrivers = ReturnType<typeof vendorDrivers>;
