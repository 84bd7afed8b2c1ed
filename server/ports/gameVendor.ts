import type { GameType } from '../../contract/games.ts';
import type { Locale } from '../../contract/merchant.ts';
import { DomainError } from '../http/errors.ts';
import { requestHash } from '../lib/idempotency.ts';
import { playPath } from '../modules/inhouse/titles.ts';
import type { Ledger, PostHook } from '../modules/wallet/ledger.ts';
import type { VendorSettings } from './vendors/config.ts';
import type { FeedGame } from './vendors/feed.ts';

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
  /** The member's account name: how the vendor names the player, here and in its seamless calls. */
  account: string;
  /** The merchant's currency (ISO 4217). */
  currency: string;
  device: 'desktop' | 'mobile';
  /** Where the game's exit button brings the member back (the portal's lobby). */
  returnUrl: string;
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
  /** `inhouse`: our own games; `demo`: the development stand-in; `http`: a vendor connected over its API. */
  kind: 'inhouse' | 'demo' | 'http' | 'off';
  /**
   * `seamless`: the vendor moves money in the main wallet through our seamless API; `transfer`: the member's money
   * sits in a vendor wallet that transfers fill and empty.
   */
  wallet: 'seamless' | 'transfer';
  /** Transfer vendors that take the member's main balance along when a game opens (the money comes back by recall). */
  transferOnLaunch?: boolean;
  launch(req: LaunchRequest): LaunchTarget | Promise<LaunchTarget>;
  /** The vendor's catalogue as its feed lists it now (drivers with a feed). */
  feed?(): Promise<FeedGame[]>;
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
    kind: 'demo',
    wallet: 'transfer',
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
    kind: 'inhouse',
    wallet: 'seamless',
    launch: (req) => ({
      url: `${playPath(req.nodeId)}?${params(req)}`,
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

/**
 * A vendor without settings in production: the demo vendor is for development, and sending a member's money to a
 * stand-in would lose it in their eyes. Opening its games or moving money is refused; reading a balance says 0.
 */
export function unconnectedDriver(vassalage: string): GameVendorDriver {
  const off = () =>
    new DomainError(
      409,
      'VENDOR_UNAVAILABLE',
      `The game provider ${vassalage} is not connected on this site`,
    );
  return {
    kind: 'off',
    wallet: 'transfer',
    launch: () => {
      throw off();
    },
    balance: async () => 0n,
    transferIn: async () => {
      throw off();
    },
    transferOut: async () => {
      throw off();
    },
  };
}

export interface VendorDriverOptions {
  /** Drivers by vendor code for every merchant (tests); they win over everything else. */
  overrides?: Record<string, GameVendorDriver>;
  /** Vendors connected over HTTP (PORTICO_VENDORS) and the driver made from each one's settings. */
  connected?: VendorSettings[];
  connect?: (settings: VendorSettings) => GameVendorDriver;
  /** Production: a vendor without settings is off, not the demo vendor. */
  production?: boolean;
}

/**
 * The driver of a vendor code: in-house for our own games; the connected driver of the merchant's settings; else the
 * demo driver (outside production) or none. `drivers(code)` dispatches by each call's merchant, so callers that
 * hold only a vendor code reach the right merchant's vendor; `drivers.of(merchant, code)` names one directly.
 */
export function vendorDrivers(ledger: Ledger, opts: VendorDriverOptions = {}) {
  const { overrides = {}, connected = [], connect, production = false } = opts;
  const demo = demoVendorDriver(ledger);
  const inhouse = inhouseDriver();
  const byKey = new Map(
    connect ? connected.map((s) => [`${s.merchant}:${s.vendor}`, connect(s)] as const) : [],
  );
  const of = (merchantCode: string, vassalage: string): GameVendorDriver =>
    overrides[vassalage] ??
    (vassalage === INHOUSE_VENDOR
      ? inhouse
      : (byKey.get(`${merchantCode}:${vassalage}`) ?? (production ? unconnectedDriver(vassalage) : demo)));
  const dispatch = (vassalage: string): GameVendorDriver => {
    const fixed = overrides[vassalage] ?? (vassalage === INHOUSE_VENDOR ? inhouse : undefined);
    if (fixed) return fixed;
    return {
      // What a merchant-less caller reads of a code: the demo's outside production.
      ...of('', vassalage),
      launch: (req) => of(req.merchantCode, vassalage).launch(req),
      balance: (m, member, v) => of(m, vassalage).balance(m, member, v),
      transferIn: (m, ...rest) => of(m, vassalage).transferIn(m, ...rest),
      transferOut: (m, ...rest) => of(m, vassalage).transferOut(m, ...rest),
    };
  };
  return Object.assign(dispatch, {
    of,
    /** The connected vendors' settings (for the operator's list: secrets are never read from here). */
    connected: () => connected,
  });
}
export type VendorDrivers = ReturnType<typeof vendorDrivers>;
