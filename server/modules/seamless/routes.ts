import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import {
  SEAMLESS_SIGNATURE_HEADER,
  seamlessBalance,
  seamlessBet,
  seamlessRollback,
  seamlessWin,
} from '../../../contract/seamless.ts';
import type { Db } from '../../db/client.ts';
import { games, members } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { okValue, route } from '../../http/route.ts';
import type { SeamlessReply, SeamlessWallet } from './service.ts';
import { merchantSecret, validSignature } from './signature.ts';

const badSignature = () => new DomainError(401, 'UNAUTHORIZED', 'Invalid signature');

/**
 * The seamless wallet over HTTP for third-party vendors. The signature covers the raw body, so this scope reads
 * JSON itself: it checks the signature before parsing, and a bodiless request is checked against "".
 */
export function seamlessRoutes(app: FastifyInstance, db: Db, wallet: SeamlessWallet, masterSecret: string) {
  app.register(async (scope) => {
    const verified = new WeakSet<FastifyRequest>();
    const verify = (req: FastifyRequest, raw: string) => {
      const secret = merchantSecret(masterSecret, req.merchant.code);
      if (!validSignature(secret, raw, req.headers[SEAMLESS_SIGNATURE_HEADER])) throw badSignature();
      verified.add(req);
    };
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      try {
        verify(req, body as string);
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(err instanceof DomainError ? err : new DomainError(400, 'VALIDATION', 'Malformed JSON body'));
      }
    });
    scope.addHook('preValidation', async (req) => {
      if (!verified.has(req)) verify(req, '');
    });

    const playerOf = async (merchant: Merchant, body: { account: string; vassalage: string }) => {
      const [member] = await db
        .select({ id: members.id, agentType: members.agentType })
        .from(members)
        .where(and(eq(members.merchantCode, merchant.code), eq(members.account, body.account)));
      if (!member) throw new DomainError(404, 'NOT_FOUND', 'Unknown player', { account: 'Unknown player' });
      return {
        merchantCode: merchant.code,
        memberId: member.id,
        vassalage: body.vassalage,
        trial: member.agentType === TRIAL_AGENT_TYPE,
      };
    };
    const reply = (merchant: Merchant, r: SeamlessReply) =>
      okValue({
        txId: r.txId,
        roundId: r.roundRef,
        amount: r.amount,
        balance: r.balance,
        currency: merchant.brand.currency,
      });

    route(scope, seamlessBalance, async ({ merchant, body }) => {
      const { balance } = await wallet.balance(await playerOf(merchant, body));
      return okValue({ account: body.account, balance, currency: merchant.brand.currency });
    });
    route(scope, seamlessBet, async ({ merchant, body }) => {
      const [game] = await db
        .select({ gameType: games.gameType })
        .from(games)
        .where(and(eq(games.merchantCode, merchant.code), eq(games.nodeId, body.nodeId)));
      if (!game) throw new DomainError(404, 'NOT_FOUND', 'Unknown game', { nodeId: 'Unknown game' });
      const p = await playerOf(merchant, body);
      const r = await wallet.bet(p, {
        txId: body.txId,
        roundRef: body.roundId,
        amount: BigInt(body.amount),
        nodeId: body.nodeId,
        gameType: game.gameType,
      });
      return reply(merchant, r);
    });
    route(scope, seamlessWin, async ({ merchant, body }) => {
      const p = await playerOf(merchant, body);
      const r = await wallet.win(p, { txId: body.txId, roundRef: body.roundId, amount: BigInt(body.amount) });
      return reply(merchant, r);
    });
    route(scope, seamlessRollback, async ({ merchant, body }) => {
      const p = await playerOf(merchant, body);
      return reply(merchant, await wallet.rollback(p, { txId: body.txId, betTxId: body.betTxId }));
    });
  });
}
