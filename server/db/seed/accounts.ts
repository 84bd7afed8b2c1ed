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
  {
    account: 'agent02',
    password: 'Agent1234',
    note: 'sub-agent under agent01, with a daily-salary contract from it',
    agentType: 2,
    clubRank: 2,
    upline: 'agent01',
  },
  ...(['team01', 'team02', 'team03', 'team04'] as const).map((account, i) => ({
    account,
    password: 'Player123' as const,
    note: `team member under ${i < 2 ? 'agent02' : 'agent01'}, two weeks of play`,
    agentType: 0 as const,
    clubRank: 1 as const,
    upline: i < 2 ? ('agent02' as const) : ('agent01' as const),
  })),
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
  // In list order, so an account's upline (listed before it) already has its id.
  const created: (typeof members.$inferSelect)[] = [];
  for (const [i, row] of rows.entries()) {
    const a = DEMO_ACCOUNTS[i]!;
    const upline = 'upline' in a ? created.find((m) => m.account === a.upline)?.id : undefined;
    const [m] = await database.db
      .insert(members)
      .values({ ...row, uplineId: upline ?? null })
      .returning();
    created.push(m!);
  }
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
