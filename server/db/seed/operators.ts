import type { OpsRole } from '../../../contract/backoffice.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Database } from '../client.ts';
import { operators } from '../schema/index.ts';

/** Demo back-office logins, one per role (README). Never in production: there the first admin is added by CLI. */
export const DEMO_OPERATORS: { username: string; password: string; role: OpsRole }[] = [
  { username: 'admin', password: 'Admin12345', role: 'ADMIN' },
  { username: 'finance', password: 'Finance123', role: 'FINANCE' },
  { username: 'editor', password: 'Editor1234', role: 'CONTENT' },
  { username: 'support', password: 'Support123', role: 'SUPPORT' },
];

export async function seedOperators(database: Database): Promise<void> {
  await database.db
    .insert(operators)
    .values(
      await Promise.all(
        DEMO_OPERATORS.map(async (o) => ({
          username: o.username,
          role: o.role,
          // The demo's staff run every demo brand.
          merchants: ['*'],
          passwordHash: await hashPassword(o.password),
        })),
      ),
    )
    .onConflictDoNothing();
}
