import { hashPassword } from '../../lib/password.ts';
import { createLedger } from '../../modules/wallet/ledger.ts';
import type { Database } from '../client.ts';
import { members } from '../schema/index.ts';

/** Demo logins of every demo merchant (printed by `npm start`, listed in the README). */
export const DEMO_ACCOUNTS = [
  {
    account: 'player01',
    password: 'Player123',
    note: 'player',
    agentType: 0,
    clubRank: 1,
    mobile: '84901234567',
  },
  { account: 'vip01', password: 'Player123', note: 'VIP player (club rank 5)', agentType: 0, clubRank: 5 },
  {
    account: 'agent01',
    password: 'Agent1234',
    note: 'agent, invitation code AGENT01',
    agentType: 1,
    clubRank: 3,
  },
  {
    account: 'reset01',
    password: 'Welcome123',
    note: 'has the default password: must change it',
    agentType: 0,
    clubRank: 1,
  },
] as const;

export async function seedAccounts(database: Database, merchantCode: string): Promise<void> {
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      merchantCode,
      account: a.account,
      nickname: a.account,
      passwordHash: await hashPassword(a.password),
      agentType: a.agentType,
      clubRank: a.clubRank,
      mobile: 'mobile' in a ? a.mobile : null,
      affiliateCode: a.agentType > 0 ? a.account.toUpperCase() : null,
    })),
  );
  const created = await database.db.insert(members).values(rows).returning();
  // A demo credit, so balances show money from the first login; it comes from the house's promotion account.
  const ledger = createLedger(database.db);
  const promo = await ledger.wallet(merchantCode, null, 'HOUSE_PROMO');
  for (const m of created) {
    const main = await ledger.wallet(merchantCode, m.id, 'MAIN');
    await ledger.post(merchantCode, `seed:opening:${m.account}`, 'DEMO_CREDIT', [
      { walletId: promo, amount: -DEMO_CREDIT },
      { walletId: main, amount: DEMO_CREDIT },
    ]);
  }
}

/** 1,000.00 in minor units. */
export const DEMO_CREDIT = 100_000n;
