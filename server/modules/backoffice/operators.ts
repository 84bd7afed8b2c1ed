import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { MerchantGrant, Operator, OpsRole } from '../../../contract/backoffice.ts';
import type { Db } from '../../db/client.ts';
import { merchants as merchantTable, operatorSessions, operators } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import { createTwoFactor, isLocked, lockedError, PLATFORM_AUDIT } from './totp.ts';

/** Who is making an operator call. */
export interface OpsIdentity {
  id: number;
  username: string;
  role: OpsRole;
  /** The merchants it works on (`'*'`: every one). */
  merchants: MerchantGrant;
  /** Two-factor login is on. */
  totp: boolean;
}

/**
 * The environment token (PORTICO_OPS_TOKEN, used by `npm run ops`) acts as this administrator of every merchant; it
 * is a machine's secret, not a person's login, so no two-factor code goes with it.
 */
export const TOKEN_OPERATOR: OpsIdentity = {
  id: 0,
  username: 'ops',
  role: 'ADMIN',
  merchants: '*',
  totp: false,
};

/** Roles that must sign in with two factors in production: they move money or manage the back office. */
export const TOTP_ROLES: readonly OpsRole[] = ['ADMIN', 'FINANCE'];

const SESSION_MS = 8 * 60 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const required = () => new DomainError(401, 'UNAUTHORIZED', 'Operator login required');

type Row = typeof operators.$inferSelect;
const grantOf = (stored: string[]): MerchantGrant => (stored.includes('*') ? '*' : stored);
const view = (r: Row): Operator => ({
  id: r.id,
  username: r.username,
  role: r.role as OpsRole,
  disabled: r.disabledAt !== null,
  lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
  merchants: grantOf(r.merchants),
  totp: r.totpEnabledAt !== null,
});

export interface OperatorsOptions {
  audit: AuditLog;
  envToken?: string;
  /** Production: ADMIN and FINANCE operators must have two-factor login on (`mustEnrol`). */
  production?: boolean;
  /** Told of each refused login (the app's metrics). */
  onLoginFailure?: (reason: string) => void;
}

/** Back-office accounts and their sessions (only a token's hash is stored). */
export function createOperators(
  db: Db,
  { audit, envToken, production = false, onLoginFailure }: OperatorsOptions,
) {
  const twoFactor = createTwoFactor(db, audit);
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

  /** In production, an ADMIN or FINANCE operator without two-factor login may only enrol. */
  const mustEnrol = (who: Pick<OpsIdentity, 'id' | 'role' | 'totp'>) =>
    production && who.id !== 0 && !who.totp && TOTP_ROLES.includes(who.role);

  /** The operator's own account row (the environment token has none). */
  async function own(who: OpsIdentity): Promise<Row> {
    if (who.id === 0)
      throw new DomainError(409, 'CONFLICT', 'The environment token has no account of its own');
    return find(who.id);
  }

  /** Granted codes must name merchants that exist. */
  async function checkGrant(grant: MerchantGrant | undefined): Promise<string[] | undefined> {
    if (grant === undefined || grant === '*') return grant === '*' ? ['*'] : undefined;
    const codes = [...new Set(grant)];
    const known = codes.length
      ? await db
          .select({ code: merchantTable.code })
          .from(merchantTable)
          .where(inArray(merchantTable.code, codes))
      : [];
    const unknown = codes.filter((c) => !known.some((k) => k.code === c));
    if (unknown.length)
      throw new DomainError(400, 'VALIDATION', `Unknown merchant ${unknown.join(', ')}`, {
        merchants: `Unknown merchant ${unknown.join(', ')}`,
      });
    return codes;
  }

  return {
    async resolve(token: string): Promise<OpsIdentity & { tokenHash: string | null }> {
      if (!token) throw required();
      if (isEnvToken(token)) return { ...TOKEN_OPERATOR, tokenHash: null };
      const tokenHash = sha256(token);
      const [row] = await db
        .select({
          id: operators.id,
          username: operators.username,
          role: operators.role,
          merchants: operators.merchants,
          totpEnabledAt: operators.totpEnabledAt,
        })
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
      const { totpEnabledAt, ...who } = row;
      return {
        ...who,
        role: row.role as OpsRole,
        merchants: grantOf(row.merchants),
        totp: totpEnabledAt !== null,
        tokenHash,
      };
    },

    mustEnrol,

    /** With two-factor on, the code is asked for once the password is right (so it tells nothing to a guesser). */
    async login(username: string, password: string, code?: string, address = '') {
      const name = username.toLowerCase();
      const [row] = await db.select().from(operators).where(eq(operators.username, name));
      // The same answer (and the same scrypt work) whether the name exists or not.
      const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !ok || row.disabledAt) {
        const reason = !row ? 'unknown' : row.disabledAt ? 'disabled' : 'password';
        onLoginFailure?.(reason);
        // Who tried which name from where: the back office's door is what an auditor reads first.
        await audit.record({
          merchantCode: PLATFORM_AUDIT,
          actor: row ? `ops:${row.username}` : 'visitor',
          action: 'OPS_LOGIN_FAILED',
          subject: {
            username: name.slice(0, 64),
            address,
            reason,
          },
        });
        throw new DomainError(401, 'UNAUTHORIZED', 'Wrong username or password', {
          password: 'Wrong username or password',
        });
      }
      if (isLocked(row)) {
        onLoginFailure?.('locked');
        throw lockedError(row.lockedUntil!);
      }
      if (row.totpEnabledAt) {
        if (!code) throw new DomainError(401, 'TOTP_REQUIRED', 'Enter the code of your authenticator app');
        await twoFactor.accept(row, code, 'LOGIN').catch((err: unknown) => {
          if (err instanceof DomainError) onLoginFailure?.('code');
          throw err;
        });
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_MS);
      await db.transaction(async (tx) => {
        await tx.insert(operatorSessions).values({ tokenHash: sha256(token), operatorId: row.id, expiresAt });
        await tx.update(operators).set({ lastLoginAt: new Date() }).where(eq(operators.id, row.id));
        await audit.append(tx, {
          merchantCode: PLATFORM_AUDIT,
          actor: `ops:${row.username}`,
          action: 'OPS_LOGIN',
          subject: { operatorId: row.id, address, twoFactor: row.totpEnabledAt !== null },
        });
      });
      return {
        token,
        operator: view({ ...row, lastLoginAt: new Date() }),
        expiresAt: expiresAt.toISOString(),
        totpRequired: mustEnrol({ id: row.id, role: row.role as OpsRole, totp: row.totpEnabledAt !== null }),
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
        ? {
            id: 0,
            username: who.username,
            role: who.role,
            disabled: false,
            lastLoginAt: null,
            merchants: who.merchants,
            totp: false,
          }
        : view(await find(who.id));
    },

    enrolTotp: async (who: OpsIdentity) => twoFactor.enrol(await own(who)),
    async confirmTotp(who: OpsIdentity, code: string): Promise<Operator> {
      await twoFactor.confirm(await own(who), code);
      return view(await find(who.id));
    },
    async disableTotp(who: OpsIdentity, code: string): Promise<Operator> {
      await twoFactor.disable(await own(who), code);
      return view(await find(who.id));
    },
    async resetTotp(id: number): Promise<Operator> {
      await twoFactor.reset(await find(id));
      return view(await find(id));
    },

    list: async () => (await db.select().from(operators).orderBy(asc(operators.username))).map(view),

    async create(input: {
      username: string;
      password: string;
      role: OpsRole;
      merchants: MerchantGrant;
    }): Promise<Operator> {
      const granted = await checkGrant(input.merchants);
      const [row] = await db
        .insert(operators)
        .values({
          username: input.username,
          passwordHash: await hashPassword(input.password),
          role: input.role,
          merchants: granted ?? [],
        })
        .onConflictDoNothing()
        .returning();
      if (!row)
        throw new DomainError(409, 'CONFLICT', 'Username is taken', { username: 'Username is taken' });
      return view(row);
    },

    async update(
      id: number,
      change: { role?: OpsRole; disabled?: boolean; merchants?: MerchantGrant },
      by: OpsIdentity,
    ): Promise<Operator> {
      const narrowsSelf = change.merchants !== undefined && change.merchants !== '*';
      if (id === by.id && (change.disabled || (change.role && change.role !== 'ADMIN') || narrowsSelf))
        throw new DomainError(409, 'CONFLICT', 'You cannot lock yourself out');
      await find(id);
      const granted = await checkGrant(change.merchants);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(operators)
          .set({
            ...(change.role ? { role: change.role } : {}),
            ...(granted ? { merchants: granted } : {}),
            ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? new Date() : null }),
          })
          .where(eq(operators.id, id))
          .returning();
        // A disabled account, a new role or new grants start from a fresh login.
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
