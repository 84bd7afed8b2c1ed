import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VENDOR_CALL_HEADERS } from './http.ts';
import { validSignature } from './signing.ts';

/**
 * A vendor's server as docs/integrations.md describes it (tests only): signed calls, launch, a transfer wallet
 * idempotent by transaction id, the catalogue feed and its pictures. Knobs make it fail the way real ones do.
 */
export async function startFakeVendor(credentials: { operatorId: string; apiKey: string; secret: string }) {
  const balances = new Map<string, number>();
  const transfers = new Map<string, { status: number; body: unknown }>();
  const state = {
    /** The feed's body as served (a string is sent as is: a malformed feed). */
    feed: { games: [] } as unknown,
    pictures: new Map<string, Buffer>(),
    launches: [] as { headers: IncomingMessage['headers']; body: Record<string, unknown> }[],
    /** Every signed POST it took: path and body. */
    calls: [] as { path: string; body: Record<string, unknown> }[],
    /** What /launch answers instead of its own reply (status and body). */
    launchReply: undefined as { status: number; body: unknown } | undefined,
    /** Paths answered with this status (and no work done) until cleared. */
    failing: new Map<string, number>(),
    /** Paths that do their work, then answer 503: the caller cannot tell it happened. */
    lostReplies: new Set<string>(),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { error: { code, message } });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const path = (req.url ?? '').split('?')[0]!;
    if (path.startsWith('/pictures/')) {
      const picture = state.pictures.get(path.slice('/pictures/'.length));
      if (!picture) return error(res, 404, 'NOT_FOUND', 'no picture');
      return res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    }
    const h = req.headers;
    if (
      h[VENDOR_CALL_HEADERS.operator] !== credentials.operatorId ||
      h[VENDOR_CALL_HEADERS.apiKey] !== credentials.apiKey ||
      !validSignature(
        credentials.secret,
        String(h[VENDOR_CALL_HEADERS.timestamp] ?? ''),
        raw,
        h[VENDOR_CALL_HEADERS.signature],
      )
    )
      return error(res, 401, 'UNAUTHORIZED', 'bad signature');
    const failing = state.failing.get(path);
    if (failing) return error(res, failing, failing >= 500 ? 'INTERNAL' : 'REFUSED', 'failing on purpose');
    if (req.method === 'GET' && path === '/games') {
      if (typeof state.feed === 'string') return res.writeHead(200).end(state.feed);
      return send(res, 200, state.feed);
    }
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    state.calls.push({ path, body });
    const account = String(body.account ?? '');
    const reply = (status: number, out: unknown) =>
      state.lostReplies.has(path) ? error(res, 503, 'INTERNAL', 'reply lost') : send(res, status, out);
    switch (path) {
      case '/launch': {
        const known = ((state.feed as { games?: { code: string }[] }).games ?? []).some(
          (g) => g.code === body.game,
        );
        if (!known) return error(res, 404, 'GAME_NOT_FOUND', `No game ${String(body.game)}`);
        state.launches.push({ headers: h, body });
        if (state.launchReply) return send(res, state.launchReply.status, state.launchReply.body);
        return send(res, 200, {
          url: `https://games.vendor.example/play?session=${String(body.token).slice(0, 8)}&game=${String(body.game)}`,
          openIn: 'frame',
        });
      }
      case '/wallet/balance':
        return send(res, 200, { balance: balances.get(account) ?? 0 });
      case '/wallet/deposit':
      case '/wallet/withdraw': {
        const txId = String(body.txId);
        const seen = transfers.get(txId);
        if (seen) return reply(seen.status, seen.body);
        const amount = Number(body.amount);
        const have = balances.get(account) ?? 0;
        if (path === '/wallet/withdraw' && amount > have)
          return error(res, 409, 'INSUFFICIENT_FUNDS', 'Not enough balance');
        const after = path === '/wallet/deposit' ? have + amount : have - amount;
        balances.set(account, after);
        transfers.set(txId, { status: 200, body: { balance: after } });
        return reply(200, { balance: after });
      }
      case '/wallet/status':
        return send(res, 200, { status: transfers.has(String(body.txId)) ? 'done' : 'unknown' });
      default:
        return error(res, 404, 'NOT_FOUND', `No ${path}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    balance: (account: string) => balances.get(account) ?? 0,
    /** The member wins (or loses, negative) at the vendor's tables. */
    play: (account: string, delta: number) => balances.set(account, (balances.get(account) ?? 0) + delta),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeVendor = Awaited<ReturnType<typeof startFakeVendor>>;
