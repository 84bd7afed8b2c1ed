// The load of bench/wallet-transfer.ts: `clients` loops of transfers back to back. Over HTTP it runs in a process of
// its own (forked by the bench), as pgbench's client does, so the server's event loop does not also carry the
// client's fetch work.
import { Agent, request } from 'node:http';
import { MERCHANT_HEADER } from '../contract/merchant.ts';

export type Direction = 'in' | 'out';

export interface Loops {
  latencies: number[];
  elapsed: number;
  errors: number;
  firstError?: string;
}

/** `clients` loops, each doing `one(client, direction)` back to back until the time is up. */
export async function loops(
  clients: number,
  seconds: number,
  one: (client: number, direction: Direction) => Promise<void>,
): Promise<Loops> {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let direction: Direction = 'in';
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await one(client, direction);
          latencies.push(performance.now() - t0);
          direction = direction === 'in' ? 'out' : 'in';
        } catch (e) {
          errors += 1;
          firstError ??= e instanceof Error ? e.message : String(e);
        }
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - started) / 1000, errors, firstError };
}

/** Random 1–1,000 minor units; `in` and `out` alternate per client, so amounts need only be paired. */
export const amountFor = (pending: Map<number, number>, client: number, direction: Direction) => {
  if (direction === 'out') return pending.get(client) ?? 1;
  const amount = 1 + Math.floor(Math.random() * 1_000);
  pending.set(client, amount);
  return amount;
};

export interface HttpLoad {
  base: string;
  merchant: string;
  vendor: string;
  tokens: string[];
  seconds: number;
}

/** The reply's status and body, read whole. */
const send = (agent: Agent, url: URL, headers: Record<string, string>, body: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

/**
 * POST /wps/relay/GCS_walletTransfer, one member (bearer token) per client, each over a kept-alive connection of its
 * own. node:http, not fetch: fetch spent 0.30 ms of CPU a transfer (bench of 29 Nov), four times pgbench's own
 * client, on the CPUs the server and PostgreSQL are measured on.
 */
async function httpLoad(load: HttpLoad): Promise<Loops> {
  const pending = new Map<number, number>();
  const url = new URL(`${load.base}/wps/relay/GCS_walletTransfer`);
  const agent = new Agent({ keepAlive: true, maxSockets: load.tokens.length });
  try {
    return await loops(load.tokens.length, load.seconds, async (client, direction) => {
      const body = JSON.stringify({
        requestId: crypto.randomUUID(),
        direction,
        vendor: load.vendor,
        amount: amountFor(pending, client, direction),
      });
      const res = await send(
        agent,
        url,
        {
          [MERCHANT_HEADER]: load.merchant,
          authorization: `Bearer ${load.tokens[client]}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      );
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.text}`);
    });
  } finally {
    agent.destroy();
  }
}

// Forked by the bench: one load per message, answered with its loops.
if (process.env.WALLET_BENCH_CLIENT && process.send) {
  process.on('message', (load: HttpLoad) => {
    void httpLoad(load).then((result) => process.send!(result));
  });
  process.on('disconnect', () => process.exit(0));
}
