// The load of bench/wallet-transfer.ts: `clients` loops of transfers back to back. Over HTTP it runs in a process of
// its own (forked by the bench), as pgbench's client does, so the server's event loop does not also carry the
// client's fetch work.
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

/** POST /wps/relay/GCS_walletTransfer, one member (bearer token) per client. */
async function httpLoad(load: HttpLoad): Promise<Loops> {
  const pending = new Map<number, number>();
  return loops(load.tokens.length, load.seconds, async (client, direction) => {
    const res = await fetch(`${load.base}/wps/relay/GCS_walletTransfer`, {
      method: 'POST',
      headers: {
        [MERCHANT_HEADER]: load.merchant,
        authorization: `Bearer ${load.tokens[client]}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        requestId: crypto.randomUUID(),
        direction,
        vendor: load.vendor,
        amount: amountFor(pending, client, direction),
      }),
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  });
}

// Forked by the bench: one load per message, answered with its loops.
if (process.env.WALLET_BENCH_CLIENT && process.send) {
  process.on('message', (load: HttpLoad) => {
    void httpLoad(load).then((result) => process.send!(result));
  });
  process.on('disconnect', () => process.exit(0));
}
