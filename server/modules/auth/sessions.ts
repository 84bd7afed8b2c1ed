import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { REMEMBER_ME_MS } from '../../../contract/auth.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BoundedCache, type Invalidation } from '../../db/invalidation.ts';
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

/** Sessions a process keeps at most (about 1 KB each). */
export const SESSION_CACHE_CAP = 10_000;

/** A live session as the cache keeps it: the member row and the times its expiry is worked out from. */
interface Kept {
  merchantCode: string;
  member: Readonly<Member>;
  createdAt: number;
  lastSeenAt: number;
  remembered: boolean;
}

/**
 * Live sessions by token hash, so a member's calls cost no query while nothing about the session or its member
 * changes. Every change of the member's row and every revocation of one of its sessions drops the member's sessions
 * (migration 0035's triggers, heard through `invalidation`, in every process); while the database is not listened
 * to, the cache is neither read nor filled.
 */
function sessionCache(invalidation: Invalidation, cap: number) {
  const byMember = new Map<number, Set<string>>();
  const kept = new BoundedCache<string, Kept>(cap, (tokenHash, k) => {
    const hashes = byMember.get(k.member.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byMember.delete(k.member.id);
  });
  const dropMember = (memberId: number) => {
    for (const tokenHash of [...(byMember.get(memberId) ?? [])]) kept.delete(tokenHash);
  };
  invalidation.watch('members', 'sessions');
  invalidation.on('member', (key) => (key === null ? kept.clear() : dropMember(Number(key))));
  return {
    get: (tokenHash: string) => (invalidation.live() ? kept.get(tokenHash) : undefined),
    stamp: invalidation.stamp,
    /** Keeps `k` if nothing was invalidated since `stamp` was read before reading it. */
    set(tokenHash: string, k: Kept, stamp: number) {
      if (!invalidation.fresh(stamp)) return;
      kept.set(tokenHash, k);
      const hashes = byMember.get(k.member.id) ?? new Set<string>();
      byMember.set(k.member.id, hashes.add(tokenHash));
    },
    delete: (tokenHash: string) => kept.delete(tokenHash),
    dropMember,
    size: () => kept.size,
  };
}

/**
 * `invalidation`: keep live sessions in this process (server/app.ts passes the app's); without it every call reads
 * the database.
 */
export function createSessionService(
  db: Db,
  now: () => Date = () => new Date(),
  { invalidation, cap = SESSION_CACHE_CAP }: { invalidation?: Invalidation; cap?: number } = {},
) {
  const cache = invalidation ? sessionCache(invalidation, cap) : undefined;
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
      let k = cache?.get(tokenHash);
      if (k?.merchantCode !== merchantCode) {
        const stamp = cache?.stamp() ?? 0;
        const [row] = await live.execute({ tokenHash, merchantCode });
        if (!row) throw notLoggedIn();
        k = {
          merchantCode,
          // Shared by the requests of the session while it is kept: none of them may change it.
          member: Object.freeze(row.member),
          createdAt: row.createdAt.getTime(),
          lastSeenAt: row.lastSeenAt.getTime(),
          remembered: row.remembered,
        };
        cache?.set(tokenHash, k, stamp);
      }
      const at = now();
      const idle = at.getTime() - k.lastSeenAt;
      const idleOver = idle > SESSION_IDLE_MS && !k.remembered;
      if (idleOver || at.getTime() - k.createdAt > SESSION_MAX_MS) {
        cache?.delete(tokenHash);
        await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.tokenHash, tokenHash));
        throw notLoggedIn();
      }
      if (idle > TOUCH_MS) {
        // The kept copy first: requests of the same session meanwhile do not write it again.
        k.lastSeenAt = at.getTime();
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
      }
      return { member: k.member as Member, tokenHash };
    },

    async revoke(tokenHash: string) {
      cache?.delete(tokenHash);
      await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.tokenHash, tokenHash));
    },

    /**
     * After a password change or reset: every session of the member but `keepTokenHash` (the one that made the
     * change, if any) ends, and the game launches opened from them; `exec`: the change's transaction.
     */
    async revokeOthers(memberId: number, keepTokenHash?: string, exec: Db | Tx = db) {
      cache?.dropMember(memberId);
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
    /** Sessions kept in this process (tests). */
    cached: () => cache?.size() ?? 0,
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
