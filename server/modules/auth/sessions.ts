import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { REMEMBER_ME_MS } from '../../../contract/auth.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';

/** A session unused for this long is over (idle expiry), unless remembered (remember-me). */
export const SESSION_IDLE_MS = 2 * 3_600_000;
/**
 * However busy, a session ends this long after its login (absolute lifetime): a stolen token does not live on. A
 * remembered one lives exactly this long, idle or not (spec §9: remember-me lasts 1 day).
 */
export const SESSION_MAX_MS = REMEMBER_ME_MS;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_MS = 60_000;

export type Member = typeof members.$inferSelect;

export const notLoggedIn = () => new DomainError(401, 'UNAUTHORIZED', 'Not logged in, please login');

export function createSessionService(db: Db, now: () => Date = () => new Date()) {
  // Every token call runs this: built once, and on PostgreSQL parsed and planned once per connection.
  const live = db
    .select({
      member: members,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      remembered: sessions.remembered,
    })
    .from(sessions)
    .innerJoin(members, eq(sessions.memberId, members.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        eq(sessions.merchantCode, sql.placeholder('merchantCode')),
        isNull(sessions.revokedAt),
      ),
    )
    .prepare('session_resolve');

  return {
    /**
     * `exec`: a transaction the session commits with (the login's audit row); `remember`: remember-me, a session
     * that no idle time ends before its day is over.
     */
    async open(member: Member, exec: Db | Tx = db, { remember = false } = {}): Promise<string> {
      const token = newToken();
      await exec.insert(sessions).values({
        tokenHash: sha256(token),
        memberId: member.id,
        merchantCode: member.merchantCode,
        remembered: remember,
      });
      return token;
    },

    /** The member behind a live token of this merchant; anything else is "not logged in". */
    async resolve(merchantCode: string, token: string): Promise<{ member: Member; tokenHash: string }> {
      const tokenHash = sha256(token);
      const [row] = await live.execute({ tokenHash, merchantCode });
      if (!row) throw notLoggedIn();
      const idle = now().getTime() - row.lastSeenAt.getTime();
      const idleOver = idle > SESSION_IDLE_MS && !row.remembered;
      if (idleOver || now().getTime() - row.createdAt.getTime() > SESSION_MAX_MS) {
        await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.tokenHash, tokenHash));
        throw notLoggedIn();
      }
      if (idle > TOUCH_MS)
        await db.update(sessions).set({ lastSeenAt: now() }).where(eq(sessions.tokenHash, tokenHash));
      return { member: row.member, tokenHash };
    },

    async revoke(tokenHash: string) {
      await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.tokenHash, tokenHash));
    },

    /**
     * After a password change or reset: every session of the member but `keepTokenHash` (the one that made the
     * change, if any) ends, and the game launches opened from them; `exec`: the change's transaction.
     */
    async revokeOthers(memberId: number, keepTokenHash?: string, exec: Db | Tx = db) {
      await exec
        .update(sessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(sessions.memberId, memberId),
            isNull(sessions.revokedAt),
            keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
          ),
        );
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
