import type { FastifyInstance } from 'fastify';
import { opsAwaitingResults, opsEnterResults } from '../../../contract/lotteryResults.ts';
import { okValue, route } from '../../http/route.ts';
import type { ResultsService } from './results.ts';

/** The ops calls of official lottery results: the draws awaiting them, and maker-checker entry. */
export async function lotteryResultRoutes(
  app: FastifyInstance,
  { results, now = () => new Date() }: { results: ResultsService; now?: () => Date },
): Promise<void> {
  route(app, opsAwaitingResults, async () => {
    const at = now();
    return okValue({ list: await results.awaiting(at), source: await results.status() });
  });
  route(app, opsEnterResults, async ({ params, body, auth }) =>
    okValue(await results.enter(params.gameCode, params.issue, body.numbers, auth.operator, now())),
  );
}
