import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LAUNCH_TOKEN_HEADER } from '../../../contract/call.ts';
import type { Db } from '../../db/client.ts';
import { gameLaunches, members, sessions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Launch } from '../../http/route.ts';
import { sha256 } from '../../lib/secrets.ts';
import { SESSION_MAX_MS } from '../auth/sessions.ts';

export const sessionEnded = () =>
  new DomainError(401, 'UNAUTHORIZED', 'The game session has ended, please launch the game again');

/**
 * The live launch behind a game page's token (X-Launch-Token), on this merchant, with its member. A launch lives no
 * longer than the session it was opened from: logout, a lock, a break or a password change revoke the session, and
 * with it every game it launched.
 */
export function createLaunchResolver(db: Db, now: () => Date = () => new Date()) {
  return async (req: FastifyRequest): Promise<Launch> => {
    const token = req.headers[LAUNCH_TOKEN_HEADER];
    if (typeof token !== 'string' || token === '' || token.length > 200) throw sessionEnded();
    const [row] = await db
      .select({ launch: gameLaunches, member: members })
      .from(gameLaunches)
      .innerJoin(sessions, eq(sessions.tokenHash, gameLaunches.sessionTokenHash))
      .innerJoin(members, eq(members.id, gameLaunches.memberId))
      .where(
        and(
          eq(gameLaunches.tokenHash, sha256(token)),
          eq(gameLaunches.merchantCode, req.merchant.code),
          gt(gameLaunches.expiresAt, now()),
          isNull(sessions.revokedAt),
          // Not past the session's absolute lifetime (its 2 h idle expiry is left out: a game in play is not idle).
          gt(sessions.createdAt, new Date(now().getTime() - SESSION_MAX_MS)),
        ),
      );
    if (!row) throw sessionEnded();
    const { tokenHash: _, sessionTokenHash: __, ...launch } = row.launch;
    return { ...launch, member: row.member };
  };
}
