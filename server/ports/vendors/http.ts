import { z } from 'zod';
import { DomainError } from '../../http/errors.ts';
import { requestHash } from '../../lib/idempotency.ts';
import type { Ledger, Leg } from '../../modules/wallet/ledger.ts';
import type { GameVendorDriver, LaunchRequest } from '../gameVendor.ts';
import type { VendorSettings } from './config.ts';
import { parseFeed } from './feed.ts';
import { signRequest } from './signing.ts';

/** Headers of every call we make to a vendor (docs/integrations.md "Calls to the vendor"). */
export const VENDOR_CALL_HEADERS = {
  operator: 'x-operator-id',
  apiKey: 'x-api-key',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** The house wallet on the other side of what members win or lose at a transfer vendor. */
const HOUSE_GAMES = 'HOUSE_GAMES';
const MAIN = 'MAIN';

/** A vendor's failure: `refused` when it answered no (4xx), else we cannot tell whether it acted (timeout, 5xx). */
export class VendorCallError extends Error {
  constructor(
    readonly refused: boolean,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the player sees of a vendor's failure: a 409 envelope, never the vendor's 5xx or its words. */
export function playerError(vendor: string, err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof VendorCallError && err.refused && err.code === 'INSUFFICIENT_FUNDS')
    return new DomainError(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance at the game provider');
  const code = err instanceof VendorCallError && err.refused ? ` (${err.code})` : '';
  return new DomainError(
    409,
    'VENDOR_UNAVAILABLE',
    err instanceof VendorCallError && err.refused
      ? `The game provider ${vendor} declined the request${code}`
      : `The game provider ${vendor} is not answering, please try again in a moment`,
  );
}

const vendorError = z.object({
  error: z.object({ code: z.string().max(60), message: z.string().max(500).optional() }),
});
const launchReply = z.object({
  url: z.url({ protocol: /^https?$/ }),
  openIn: z.enum(['frame', 'popup']).default('frame'),
});
const balanceReply = z.object({ balance: z.number().int().min(0) });
const statusReply = z.object({ status: z.enum(['done', 'unknown']) });

/** Who a member is at the vendor: its account and the merchant's currency. */
export type PlayerDirectory = (
  merchantCode: string,
  memberId: number,
) => Promise<{ account: string; currency: string }>;

export interface HttpDriverDeps {
  ledger: Ledger;
  players: PlayerDirectory;
  fetch?: typeof fetch;
  /** Milliseconds now (the signatures' timestamps). */
  now?: () => number;
  timeoutMs?: number;
}

/**
 * A vendor or aggregator connected over HTTP in the shape docs/integrations.md documents: launch, catalogue feed,
 * and, for transfer wallets, balance/deposit/withdraw/status. Every call is signed like the vendor's own seamless
 * calls to us. A transfer vendor's wallet is mirrored by the member's ledger wallet of kind = vendor code: a deposit
 * is debited from the main wallet before it is sent (and put back if the vendor refuses it), a withdrawal is
 * credited once the vendor paid it, and what the member won or lost at the vendor meanwhile settles against the
 * house in the same posting, so the mirror always ends equal to the vendor's balance.
 */
export function httpVendorDriver(settings: VendorSettings, deps: HttpDriverDeps): GameVendorDriver {
  const { ledger, players, now = Date.now, timeoutMs = 10_000 } = deps;
  const doFetch = deps.fetch ?? fetch;
  const vendor = settings.vendor;

  const headers = (raw: string) => {
    const timestamp = String(Math.floor(now() / 1000));
    return {
      [VENDOR_CALL_HEADERS.operator]: settings.operatorId,
      [VENDOR_CALL_HEADERS.apiKey]: settings.apiKey,
      [VENDOR_CALL_HEADERS.timestamp]: timestamp,
      [VENDOR_CALL_HEADERS.signature]: signRequest(settings.secret, timestamp, raw),
    };
  };

  async function send<T>(url: string, init: RequestInit & { raw: string }, reply: z.ZodType<T>): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(url, {
        ...init,
        headers: { ...headers(init.raw), ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new VendorCallError(false, 'UNREACHABLE', `${vendor}: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const e = vendorError.safeParse(json);
      // A 4xx is the vendor's answer; a 5xx may have acted before it failed.
      throw new VendorCallError(
        res.status < 500,
        e.success ? e.data.error.code : `HTTP_${res.status}`,
        `${vendor} answered ${res.status}${e.success && e.data.error.message ? `: ${e.data.error.message}` : ''}`,
      );
    }
    if (json === undefined)
      throw new VendorCallError(false, 'BAD_REPLY', `${vendor} answered ${url} with no JSON`);
    const parsed = reply.safeParse(json);
    if (!parsed.success)
      throw new VendorCallError(false, 'BAD_REPLY', `${vendor} answered ${url} in an unknown shape`);
    return parsed.data;
  }

  const call = <T>(path: string, body: Record<string, unknown>, reply: z.ZodType<T>) => {
    const raw = JSON.stringify(body);
    return send(`${settings.baseUrl}${path}`, { method: 'POST', body: raw, raw }, reply);
  };

  const who = async (merchantCode: string, memberId: number) => players(merchantCode, memberId);

  /** Whether the vendor applied a transfer we could not hear the answer to; undefined when it cannot say. */
  const applied = async (txId: string) =>
    call('/wallet/status', { txId }, statusReply).then(
      (r) => r.status === 'done',
      () => undefined,
    );

  const wallets = (merchantCode: string, memberId: number) =>
    ledger.memberWallets(merchantCode, memberId, [MAIN, vendor]);

  const transfer = (direction: 'in' | 'out', amount: bigint) => ({
    from: direction === 'in' ? MAIN : vendor,
    to: direction === 'in' ? vendor : MAIN,
    amount: amount.toString(),
  });

  async function balance(merchantCode: string, memberId: number): Promise<bigint> {
    if (settings.wallet === 'seamless') return 0n;
    const { account, currency } = await who(merchantCode, memberId);
    const r = await call('/wallet/balance', { account, currency }, balanceReply).catch((err) => {
      throw playerError(vendor, err);
    });
    return BigInt(r.balance);
  }

  return {
    kind: 'http',
    wallet: settings.wallet,
    transferOnLaunch: settings.wallet === 'transfer',

    async launch(req: LaunchRequest) {
      const target = await call(
        '/launch',
        {
          account: req.account,
          game: req.nodeId,
          language: req.language,
          device: req.device,
          returnUrl: req.returnUrl,
          mode: req.trial ? 'trial' : 'real',
          currency: req.currency,
          token: req.launchToken,
          wallet: settings.wallet,
        },
        launchReply,
      ).catch((err) => {
        throw playerError(vendor, err);
      });
      return { url: target.url, openIn: target.openIn };
    },

    async feed() {
      const url = settings.feedUrl ?? `${settings.baseUrl}/games`;
      return parseFeed(await send(url, { method: 'GET', raw: '' }, z.unknown()));
    },

    balance,

    async transferIn(merchantCode, memberId, _v, amount, txId, inTx) {
      if (settings.wallet === 'seamless') throw seamlessOnly(vendor);
      const { account, currency } = await who(merchantCode, memberId);
      const w = await wallets(merchantCode, memberId);
      const [main, mirror] = [w.get(MAIN)!, w.get(vendor)!];
      const key = `transfer:${memberId}:${txId}`;
      const request = transfer('in', amount);
      // The money leaves the main wallet first: it cannot be spent twice while the vendor is asked.
      const posted = await ledger.post(
        merchantCode,
        key,
        'VENDOR_TRANSFER',
        [
          { walletId: main, amount: -amount },
          { walletId: mirror, amount },
        ],
        request,
        inTx,
        requestHash(request),
      );
      const undo = async (err: unknown) => {
        await ledger.post(merchantCode, `transfer-undo:${memberId}:${txId}`, 'VENDOR_TRANSFER_UNDO', [
          { walletId: mirror, amount: -amount },
          { walletId: main, amount },
        ]);
        throw playerError(vendor, err);
      };
      // A replay asks what became of the first attempt instead of sending the money again.
      if (posted.replayed) {
        const done = await applied(txId);
        if (done === true) return;
        if (done === false) return undo(new VendorCallError(true, 'NOT_APPLIED', 'not applied'));
        throw playerError(vendor, new VendorCallError(false, 'UNKNOWN', 'unknown'));
      }
      try {
        await call('/wallet/deposit', { account, currency, amount: Number(amount), txId: key }, balanceReply);
      } catch (err) {
        if (err instanceof VendorCallError && err.refused) return undo(err);
        const done = await applied(key);
        if (done === true) return;
        if (done === false) return undo(err);
        // Nobody can tell yet: the money stays with the vendor's mirror until a retry of this request asks again.
        throw playerError(vendor, err);
      }
    },

    async transferOut(merchantCode, memberId, _v, amount, txId, inTx) {
      if (settings.wallet === 'seamless') throw seamlessOnly(vendor);
      const { account, currency } = await who(merchantCode, memberId);
      const key = `transfer:${memberId}:${txId}`;
      let after: bigint;
      try {
        after = BigInt(
          (
            await call(
              '/wallet/withdraw',
              { account, currency, amount: Number(amount), txId: key },
              balanceReply,
            )
          ).balance,
        );
      } catch (err) {
        if (err instanceof VendorCallError && !err.refused && (await applied(key)) === true)
          after = await balance(merchantCode, memberId);
        else throw playerError(vendor, err);
      }
      const w = await wallets(merchantCode, memberId);
      const [main, mirror] = [w.get(MAIN)!, w.get(vendor)!];
      const house = await ledger.wallet(merchantCode, null, HOUSE_GAMES);
      const held = await ledger.walletBalance(mirror);
      // What the member won (or lost) at the vendor since the mirror last matched it.
      const result = after + amount - held;
      const legs: Leg[] = [
        { walletId: house, amount: -result },
        { walletId: mirror, amount: result - amount },
        { walletId: main, amount },
      ].filter((l) => l.amount !== 0n);
      const request = transfer('out', amount);
      await ledger.post(merchantCode, key, 'VENDOR_TRANSFER', legs, request, inTx, requestHash(request));
    },
  };
}

const seamlessOnly = (vendor: string) =>
  new DomainError(409, 'CONFLICT', `${vendor} plays from the main wallet: nothing to transfer`);
