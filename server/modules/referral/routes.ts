import type { FastifyInstance } from 'fastify';
import { referralFriends, referralInfo } from '../../../contract/referral.ts';
import { okValue, route } from '../../http/route.ts';
import type { Referrals } from './service.ts';

export async function referralRoutes(
  app: FastifyInstance,
  { referrals }: { referrals: Referrals },
): Promise<void> {
  route(app, referralInfo, async ({ auth }) => okValue(await referrals.info(auth.member)));
  route(app, referralFriends, async ({ auth, query }) =>
    okValue(await referrals.friends(auth.member, query)),
  );
}
