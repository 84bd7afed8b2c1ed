import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { ledgerEntries, paymentOrders, wallets } from '../../server/db/schema/index.ts';
import { createLedger } from '../../server/modules/wallet/ledger.ts';
import { testDatabase } from '../../server/test/app.ts';
import { newMember } from '../../server/test/play.ts';
import { checkBooks } from './verify.ts';

/** The soak's books check holds on the seeded books and finds each kind of damage it looks for. */

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('the books check', () => {
  it('finds nothing wrong in books kept by the ledger', async () => {
    const m = await newMember(database.db, 'bookskeeper', 5_000n);
    const ledger = createLedger(database.db);
    await ledger.post('PORTICO', 'books:move', 'TEST_MOVE', [
      { walletId: m.main, amount: -2_000n },
      { walletId: await ledger.wallet('PORTICO', m.id, 'PT'), amount: 2_000n },
    ]);
    const books = await checkBooks(database);
    expect(books.violations).toEqual([]);
    expect(books.transactions).toBeGreaterThan(0);
  });

  it('finds a wallet off its entries, an unbalanced transaction, a member below zero and an order without its money', async () => {
    const { db } = database;
    const off = await newMember(db, 'bookoff', 1_000n);
    await db
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + 1` })
      .where(eq(wallets.id, off.main));
    const below = await newMember(db, 'bookbelow', 1_000n);
    await db
      .update(ledgerEntries)
      .set({ amount: -5_000n, balanceAfter: -5_000n })
      .where(eq(ledgerEntries.walletId, below.main));
    await db.update(wallets).set({ balance: -5_000n }).where(eq(wallets.id, below.main));
    await db.insert(paymentOrders).values({
      merchantCode: 'PORTICO',
      memberId: below.id,
      kind: 'DEPOSIT',
      channel: 'BANK',
      amount: 1_000n,
      status: 'CREDITED',
      requestId: 'books-credited-without-money',
    });
    const found = (await checkBooks(database)).violations.map((v) => v.replace(/^\d+ | \(.*$/g, ''));
    expect(found.sort()).toEqual(
      [
        'member wallets below zero',
        'payment orders whose status and money disagree',
        'transactions whose entries do not sum to zero',
        'wallets whose balance is not the sum of their entries',
        'wallets whose balance is not their last entry’s balance after',
      ].sort(),
    );
  });
});
