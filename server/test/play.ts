import { and, eq, sql } from 'drizzle-orm';
import type { GameType } from '../../contract/games.ts';
import type { Db } from '../db/client.ts';
import { gameLaunches, gameRounds, games, members, sessions } from '../db/schema/index.ts';
import { newToken, sha256 } from '../lib/secrets.ts';
import { createLedger } from '../modules/wallet/ledger.ts';

/** A member made for one test, holding exactly `credit` (from the house's promotion account). */
export async function newMember(db: Db, account: string, credit: bigint, merchantCode = 'PORTICO') {
  const [member] = await db
    .insert(members)
    .values({ merchantCode, account, nickname: account, passwordHash: 'not-a-login' })
    .returning();
  const ledger = createLedger(db);
  const main = await ledger.wallet(merchantCode, member!.id, 'MAIN');
  if (credit > 0n) {
    const promo = await ledger.wallet(merchantCode, null, 'HOUSE_PROMO');
    await ledger.post(merchantCode, `test:credit:${account}`, 'TEST_CREDIT', [
      { walletId: promo, amount: -credit },
      { walletId: main, amount: credit },
    ]);
  }
  return { id: member!.id, account, main };
}

/**
 * A launch row as the launch call writes it, from a session of its own unless `sessionTokenHash` names one; returns
 * its token (tests of the game pages' calls).
 */
export async function launchToken(
  db: Db,
  launch: {
    memberId: number;
    nodeId: string;
    merchantCode?: string;
    trial?: boolean;
    expiresAt?: Date;
    language?: string;
    sessionTokenHash?: string;
  },
): Promise<string> {
  const merchantCode = launch.merchantCode ?? 'PORTICO';
  let sessionTokenHash = launch.sessionTokenHash;
  if (!sessionTokenHash) {
    sessionTokenHash = sha256(newToken());
    await db
      .insert(sessions)
      .values({ tokenHash: sessionTokenHash, memberId: launch.memberId, merchantCode });
  }
  const [game] = await db
    .select()
    .from(games)
    .where(and(eq(games.merchantCode, merchantCode), eq(games.nodeId, launch.nodeId)));
  const token = newToken();
  await db.insert(gameLaunches).values({
    merchantCode,
    memberId: launch.memberId,
    nodeId: launch.nodeId,
    vassalage: game!.vassalage,
    gameType: game!.gameType as GameType,
    tokenHash: sha256(token),
    sessionTokenHash,
    trial: launch.trial ?? false,
    language: launch.language ?? 'en',
    expiresAt: launch.expiresAt ?? new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** The seeded in-house games of a merchant: one slot and one dice game, with their minimum bets. */
export async function inhouseGames(db: Db, merchantCode = 'PORTICO') {
  const rows = await db
    .select()
    .from(games)
    .where(and(eq(games.merchantCode, merchantCode), eq(games.gameType, 'INHOUSE')))
    .orderBy(games.sort);
  const slot = rows.find((g) => g.gameClassify === 'SLOT')!;
  const dice = rows.find((g) => g.gameClassify === 'MINI')!;
  const rng = (
    await db
      .select()
      .from(games)
      .where(and(eq(games.merchantCode, merchantCode), eq(games.gameType, 'RNG')))
      .limit(1)
  )[0]!;
  return { slot, dice, rng };
}

/** Wallets whose balance differs from the sum of their entries (the ledger invariant: none). */
export async function invariantBreaches(db: Db): Promise<number> {
  const rows = await db.execute(sql`
    select w.id from wallets w left join ledger_entries e on e.wallet_id = w.id
    group by w.id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

let roundNo = 0;
/**
 * A game round written straight to the table (no money moves), for tests of what reads rounds: turnover, missions,
 * points. An OPEN round has no settle time.
 */
export async function playedRound(
  db: Db,
  memberId: number,
  settledAt: Date,
  o: { bet?: number; win?: number; status?: 'OPEN' | 'SETTLED' | 'ROLLED_BACK'; gameType?: GameType } = {},
) {
  roundNo += 1;
  await db.insert(gameRounds).values({
    merchantCode: 'PORTICO',
    memberId,
    vassalage: 'TESTV',
    nodeId: 'test-node',
    gameType: o.gameType ?? 'RNG',
    roundRef: `test-${process.pid}-${roundNo}`,
    bet: BigInt(o.bet ?? 100),
    win: BigInt(o.win ?? 0),
    status: o.status ?? 'SETTLED',
    createdAt: settledAt,
    settledAt: o.status === 'OPEN' ? null : settledAt,
  });
}
