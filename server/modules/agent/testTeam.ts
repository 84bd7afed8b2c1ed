import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameRounds, games, members, paymentOrders } from '../../db/schema/index.ts';
import { memberWithToken } from '../../test/wallet.ts';

/** Test data of the agent pages: accounts placed in the tree, rounds and payment orders at chosen times. */

let seq = 0;

/** An account with a session, below `uplineId` (null: top level), of the given agent type (0 member, 1/2 agent). */
export async function teamMember(
  db: Db,
  account: string,
  opts: { agentType?: number; uplineId?: number | null; merchantCode?: string; credit?: bigint } = {},
) {
  const m = await memberWithToken(db, account, opts.credit ?? 0n, {
    ...(opts.uplineId ? { uplineId: opts.uplineId } : {}),
    merchantCode: opts.merchantCode,
  });
  if (opts.agentType) await db.update(members).set({ agentType: opts.agentType }).where(eq(members.id, m.id));
  return { ...m, merchantCode: opts.merchantCode ?? 'PORTICO' };
}

/** A game round of a seeded game; settled at `at` unless its status says otherwise. */
export async function playRound(
  db: Db,
  m: { id: number; merchantCode: string },
  r: { bet: number; win?: number; at: string; status?: 'OPEN' | 'SETTLED' | 'ROLLED_BACK' },
) {
  const [game] = await db
    .select()
    .from(games)
    .where(and(eq(games.merchantCode, m.merchantCode), eq(games.gameType, 'RNG')))
    .limit(1);
  const status = r.status ?? 'SETTLED';
  seq += 1;
  const [row] = await db
    .insert(gameRounds)
    .values({
      merchantCode: m.merchantCode,
      memberId: m.id,
      vassalage: game!.vassalage,
      nodeId: game!.nodeId,
      gameType: game!.gameType,
      roundRef: `team-test-${seq}`,
      bet: BigInt(r.bet),
      win: BigInt(r.win ?? 0),
      status,
      createdAt: new Date(r.at),
      settledAt: status === 'SETTLED' ? new Date(r.at) : null,
    })
    .returning();
  return { ...row!, gameName: game!.names.en };
}

/** A payment order in a given state; `at` is when it was last changed (and paid out, for a paid withdrawal). */
export async function paymentOrder(
  db: Db,
  m: { id: number; merchantCode: string },
  o: {
    kind: 'DEPOSIT' | 'WITHDRAWAL';
    amount: number;
    status: 'PENDING' | 'CREDITED' | 'REQUESTED' | 'RECEIVED';
    at: string;
  },
) {
  seq += 1;
  await db.insert(paymentOrders).values({
    merchantCode: m.merchantCode,
    memberId: m.id,
    kind: o.kind,
    channel: 'BANK',
    amount: BigInt(o.amount),
    status: o.status,
    requestId: `team-test-${seq}`,
    createdAt: new Date(o.at),
    updatedAt: new Date(o.at),
    disbursedAt: o.status === 'RECEIVED' ? new Date(o.at) : null,
  });
}

/** Today in the demo merchants' zone (ledger rows are written now). */
export const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
