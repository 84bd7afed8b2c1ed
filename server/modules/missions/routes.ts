import type { FastifyInstance } from 'fastify';
import { claimMission, missionLeaderboard, missionSummary } from '../../../contract/missions.ts';
import { okValue, route } from '../../http/route.ts';
import type { MissionService } from './service.ts';

/** Member calls of missionLeaderboard: the missions with their progress, the leaderboard, claiming a reward. */
export async function missionRoutes(
  app: FastifyInstance,
  { missions }: { missions: MissionService },
): Promise<void> {
  route(app, missionSummary, async ({ merchant, auth }) =>
    okValue(await missions.summary(merchant, auth.member)),
  );
  route(app, missionLeaderboard, async ({ merchant, auth, query }) =>
    okValue(await missions.leaderboard(merchant, auth.member, query.period)),
  );
  route(app, claimMission, async ({ merchant, auth, body }) =>
    okValue(await missions.claim(merchant, auth.member, body.code)),
  );
}
