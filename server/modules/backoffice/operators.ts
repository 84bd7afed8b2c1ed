import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Operator, OpsRole } from '../../../contract/backoffice.ts';
import type { Db } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';

/** Who is making an operator call. */
export interface OpsIdentity {
  id: number;
  username: string;
  role: OpsRole;
}

/** The environment token (PORTICO_OPS_TOKEN, used by `npm run ops`) acts as this administrator. */
export const TOKEN_OPERATOR: OpsIdentity = { id: 0, username: 'ops', role: 'ADMIN' };

const SESSION_MS = 8 * 60 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const required = () => new DomainError(401, 'UNAUTHORIZED', 'Operator login required');

type Row = typeof operators.$inferSelect;
const view = (r: Row): Operator => ({
  id: r.id,
  username: r.username,
  role: r.role as OpsRole,
  disabled: r.disabledAt !== null,
  lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
});

/** Back-office accounts and their sessions (only a token's hash is stored). */
export function createOperators(db: Db, envToken?: string) {
  const expected = envToken ? Buffer.from(envToken) : null;
  const isEnvToken = (token: string) => {
    const given = Buffer.from(token);
    return expected !== null && given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function find(id: number): Promise<Row> {
    const [row] = await db.select().from(operators).where(eq(operators.id, id));
    if (!row) throw new DomainError(404, 'NOT_FOUND', 'No such operator');
    return row;
  }

  return {
    async resolve(token: string): Promise<OpsIdentity & { tokenHash: string | null }> {
      if (!token) throw required();
      if (isEnvToken(token)) return { ...TOKEN_OPERATOR, tokenHash: null };
      const tokenHash = sha256(token);
      const [row] = await db
        .select({ id: operators.id, username: operators.username, role: operators.role })
        .from(operatorSessions)
        .innerJoin(operators, eq(operatorSessions.operatorId, operators.id))
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, new Date()),
            isNull(operators.disabledAt),
          ),
        );
      if (!row) throw required();
      return { ...row, role: row.role as OpsRole, tokenHash };
    },

    async login(username: string, password: string) {
      const [row] = await db.select().from(operators).where(eq(operators.username, username.toLowerCase()));
      // The same answer (and the same scrypt work) whether the name exists or not.
      const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !ok || row.disabledAt)
        throw new DomainError(401, 'UNAUTHORIZED', 'Wrong username or password', {
          password: 'Wrong username or password',
        });
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_MS);
      await db.transaction(async (tx) => {
        await tx.insert(operatorSessions).values({ tokenHash: sha256(token), operatorId: row.id, expiresAt });
        await tx.update(operators).set({ lastLoginAt: new Date() }).where(eq(operators.id, row.id));
      });
      return {
        token,
        operator: view({ ...row, lastLoginAt: new Date() }),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async logout(tokenHash: string | null) {
      if (tokenHash)
        await db
          .update(operatorSessions)
          .set({ revokedAt: new Date() })
          .where(eq(operatorSessions.tokenHash, tokenHash));
    },

    async me(who: OpsIdentity): Promise<Operator> {
      return who.id === 0
        ? { id: 0, username: who.username, role: who.role, disabled: false, lastLoginAt: null }
        : view(await find(who.id));
    },

    list: async () => (await db.select().from(operators).orderBy(asc(operators.username))).map(view),

    async create(input: { username: string; password: string; role: OpsRole }): Promise<Operator> {
      const [row] = await db
        .insert(operators)
        .values({
          username: input.username,
          passwordHash: await hashPassword(input.password),
          role: input.role,
        })
        .onConflictDoNothing()
        .returning();
      if (!row)
        throw new DomainError(409, 'CONFLICT', 'Username is taken', { username: 'Username is taken' });
      return view(row);
    },

    async update(
      id: number,
      change: { role?: OpsRole; disabled?: boolean },
      by: OpsIdentity,
    ): Promise<Operator> {
      if (id === by.id && (change.disabled || (change.role && change.role !== 'ADMIN')))
        throw new DomainError(409, 'CONFLICT', 'You cannot lock yourself out');
      await find(id);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(operators)
          .set({
            ...(change.role ? { role: change.role } : {}),
            ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? new Date() : null }),
          })
          .where(eq(operators.id, id))
          .returning();
        // A disabled account or a new role starts from a fresh login.
        await tx
          .update(operatorSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
        return updated!;
      });
      return view(row);
    },
  };
}
export type Operators = ReturnType<typeof createOperators>;

/** A valid hash nobody's password matches, so an unknown username costs the same time as a wrong password. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
