import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LAUNCH_TOKEN_HEADER } from '../../../contract/call.ts';
import type { Db } from '../../db/client.ts';
import { gameLaunches } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Launch } from '../../http/route.ts';
import { sha256 } from '../../lib/secrets.ts';

export const sessionEnded = () =>
  new DomainError(401, 'UNAUTHORIZED', 'The game session has ended, please launch the game again');

/** The live launch behind a game page's token (X-Launch-Token), on this merchant; anything else has ended. */
export function createLaunchResolver(db: Db, now: () => Date = () => new Date()) {
  return async (req: FastifyRequest): Promise<Launch> => {
    const token = req.headers[LAUNCH_TOKEN_HEADER];
    if (typeof token !== 'string' || token === '' || token.length > 200) throw sessionEnded();
    const [row] = await db
      .select()
      .from(gameLaunches)
      .where(
        and(
          eq(gameLaunches.tokenHash, sha256(token)),
          eq(gameLaunches.merchantCode, req.merchant.code),
          gt(gameLaunches.expiresAt, now()),
        ),
      );
    if (!row) throw sessionEnded();
    const { tokenHash: _, ...launch } = row;
    return launch;
  };
}
