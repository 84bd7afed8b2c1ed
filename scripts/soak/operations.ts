// The soak's wallet operations: members registered through the API, and random operations on their money, each
// carrying the idempotency keys (request ids) it was made with, so a retry after a network failure is the same
// operation, not a second one.
import { LOTTERIES } from '../../server/modules/lottery/catalogue.ts';
import { saleState } from '../../server/modules/lottery/schedule.ts';
import type { Caller, Reply, Send } from './http.ts';

const PASSWORD = 'Soak12345';
const PAY_PASSWORD = '135790';
const FAST = LOTTERIES.find((l) => l.schedule.kind === 'every' && l.schedule.everyMinutes === 1)!;

export interface Member extends Caller {
  token: string;
  dice: string;
  slot: string;
}

export interface World {
  members: Member[];
  vendors: string[];
  signInPromotion: number;
  /** The bets each game offers. */
  bets: { dice: number[]; slot: number[] };
  /** The operator's calls (approvals), from addresses of their own. */
  operator: (n: number) => Caller;
}

/** A seeded generator (mulberry32): the same seed makes the same run of operations. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[int(0, 3)]!;
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { next, int, uuid };
}
type Random = ReturnType<typeof random>;

/** Kinds of operation and how often each comes. */
const KINDS = {
  deposit: 10,
  transferIn: 15,
  transferOut: 13,
  consolidate: 3,
  dice: 20,
  slot: 15,
  withdraw: 8,
  lottery: 8,
  promoCode: 2,
  signIn: 2,
  convert: 2,
  rebate: 2,
} as const;
export type Kind = keyof typeof KINDS;

export interface Op {
  i: number;
  kind: Kind;
  member: number;
  /** Request ids (idempotency keys), fixed when the operation is made. */
  id: string;
  amount: number;
  /** A second draw for the operation's choices (vendor, target, outcome). */
  pick: number;
}

export function makeOps(rnd: Random, count: number, members: number): Op[] {
  const table = Object.entries(KINDS) as [Kind, number][];
  const total = table.reduce((s, [, w]) => s + w, 0);
  return Array.from({ length: count }, (_, i) => {
    const roll = rnd.next() * total;
    let below = 0;
    const kind = table.find(([, w]) => {
      below += w;
      return roll < below;
    })![0];
    return {
      i,
      kind,
      member: rnd.int(0, members - 1),
      id: rnd.uuid(),
      amount: rnd.int(1, 40) * 1_000,
      pick: rnd.next(),
    };
  });
}

/** What an operation ended as: done, or refused by a rule (funds, limits, once-only promotions) with its code. */
export type Outcome = 'ok' | `refused ${string}`;
/** The first message of each refusal (status and code), to show what the rules said. */
export const refusalSamples = new Map<string, string>();
const outcome = (r: Reply): Outcome => {
  if (r.status === 200) return 'ok';
  const key = `${r.status} ${r.body?.code ?? ''}`;
  if (!refusalSamples.has(key)) refusalSamples.set(key, JSON.stringify(r.body).slice(0, 200));
  return `refused ${key}`;
};

/** Runs one operation (again, after a network failure: the same request ids make it the same operation). */
export async function run(send: Send, world: World, op: Op): Promise<Outcome> {
  const m = world.members[op.member]!;
  const vendor = world.vendors[Math.floor(op.pick * world.vendors.length)]!;
  switch (op.kind) {
    case 'deposit':
      return deposit(send, m, op.id, op.amount * 10, op.pick < 0.9 ? 'PAID' : 'FAILED');
    case 'transferIn':
    case 'transferOut':
      return outcome(
        await send('POST', '/wps/relay/GCS_walletTransfer', m, {
          requestId: op.id,
          direction: op.kind === 'transferIn' ? 'in' : 'out',
          vendor,
          amount: op.amount,
        }),
      );
    case 'consolidate':
      return outcome(
        await send('POST', '/wps/relay/GCS_walletTransfer', m, {
          requestId: op.id,
          direction: 'consolidate',
        }),
      );
    case 'dice':
      return outcome(
        await send(
          'POST',
          '/inhouse/dice/roll',
          { ip: m.ip, launch: m.dice },
          {
            requestId: op.id,
            bet: world.bets.dice[Math.floor(op.pick * world.bets.dice.length)],
            target: 2_000 + Math.floor(op.pick * 6_000),
            direction: op.pick < 0.5 ? 'under' : 'over',
          },
        ),
      );
    case 'slot':
      return outcome(
        await send(
          'POST',
          '/inhouse/slot/spin',
          { ip: m.ip, launch: m.slot },
          { requestId: op.id, bet: world.bets.slot[Math.floor(op.pick * world.bets.slot.length)] },
        ),
      );
    case 'withdraw':
      return withdraw(send, world, m, op);
    case 'lottery': {
      const { issue } = saleState(FAST, new Date());
      return outcome(
        await send('POST', '/wps/lottery/bets', m, {
          requestId: op.id,
          gameCode: FAST.code,
          issue,
          bets: [
            { playType: 'LO2', numbers: [String(Math.floor(op.pick * 100)).padStart(2, '0')], points: 1 },
          ],
        }),
      );
    }
    case 'promoCode':
      return outcome(await send('POST', '/wps/promotion/code', m, { code: 'WELCOME100' }));
    case 'signIn':
      return outcome(await send('POST', `/wps/promotion/${world.signInPromotion}/claim`, m, {}));
    case 'convert':
      return outcome(await send('POST', '/wps/points/convert', m, { points: 100, requestId: op.id }));
    case 'rebate':
      return outcome(await send('POST', '/wps/rebate/claim', m, { requestId: op.id }));
  }
}

/** A deposit through the demo gateway: the order, then the gateway's page paying it (its signed callback). */
async function deposit(send: Send, m: Member, requestId: string, amount: number, result: 'PAID' | 'FAILED') {
  const made = await send('POST', '/wps/payment/deposit', m, { requestId, channel: 'DEMO_GATEWAY', amount });
  if (made.status !== 200) return outcome(made);
  // A retried deposit that was paid before the failure has no page to pay any more.
  const ref = new URL(made.body.value.payUrl ?? 'x:/?', 'http://x').searchParams.get('ref');
  if (!ref) return 'ok';
  return outcome(await send('POST', '/gateway-demo/pay', { ip: m.ip }, { ref, outcome: result }));
}

/** A withdrawal (its amount held), then the operator's decision: approve (and maybe disburse) or reject. */
async function withdraw(send: Send, world: World, m: Member, op: Op): Promise<Outcome> {
  const made = await send('POST', '/wps/payment/withdraw', m, {
    requestId: op.id,
    amount: 10_000 + op.amount,
    paymentPassword: PAY_PASSWORD,
    bankName: 'Soak Bank',
    accountName: 'Soak Member',
    accountNo: '1234567890',
  });
  if (made.status !== 200) return outcome(made);
  const id = made.body.value.order.id;
  const operator = world.operator(op.i);
  if (op.pick < 0.3) return outcome(await send('POST', `/ops/payments/${id}/reject`, operator, {}));
  const approved = await send('POST', `/ops/payments/${id}/approve`, operator, {});
  if (approved.status !== 200 || op.pick < 0.6) return outcome(approved);
  return outcome(await send('POST', `/ops/payments/${id}/disburse`, operator, {}));
}

const must = (what: string, r: Reply) => {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
};

/** Registers `count` members (captcha answered by the dev tools), each with a payment password and a deposit. */
export async function setUp(send: Send, count: number, opsToken: string): Promise<World> {
  const visitor = (n: number): Caller => ({ ip: `10.70.${n >> 8}.${n & 255}` });
  const games = must('game list', await send('GET', '/lgw/games/list?gameType=INHOUSE', visitor(0))).data
    .games as {
    nodeId: string;
    vassalage: string;
    gameClassify: string;
  }[];
  const promotions = must('promotions', await send('GET', '/wps/promotions', visitor(0))).value.list as {
    id: number;
    kind: string;
  }[];
  const members: Member[] = [];
  const one = async (n: number) => {
    const who = visitor(n + 1);
    const captcha = must('captcha', await send('GET', '/wps/captcha', who)).value.captchaId;
    const answer = must('captcha answer', await send('GET', `/__dev/captcha/${captcha}`, who)).value.answer;
    const username = `soak${String(n).padStart(4, '0')}`;
    const reg = must(
      'register',
      await send('PUT', '/wps/member/register', who, {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        captchaId: captcha,
        captcha: answer,
      }),
    );
    const me = { ...who, token: reg.value.token as string };
    must(
      'payment password',
      await send('PUT', '/wps/member/paymentPassword', me, {
        loginPassword: PASSWORD,
        paymentPassword: PAY_PASSWORD,
      }),
    );
    const launch = async (classify: string) => {
      const game = games.find((g) => g.gameClassify === classify)!;
      const url = must(
        'launch',
        await send('POST', '/wps/game/launchGame', me, { nodeId: game.nodeId, vassalage: game.vassalage }),
      ).value.content;
      return new URL(url, 'http://x').searchParams.get('t')!;
    };
    const member: Member = { ...me, dice: await launch('MINI'), slot: await launch('SLOT') };
    if ((await deposit(send, member, crypto.randomUUID(), 2_000_000, 'PAID')) !== 'ok')
      throw new Error('first deposit refused');
    members[n] = member;
  };
  await Promise.all(Array.from({ length: count }, (_, n) => one(n)));
  const slots = must('vendors', await send('GET', '/lgw/games/list?gameType=RNG&pageSize=100', visitor(0)))
    .data.games as { vassalage: string }[];
  const bet = async (launch: string) =>
    must('game session', await send('GET', '/inhouse/session', { ip: members[0]!.ip, launch })).value
      .betSteps as number[];
  return {
    members,
    vendors: [...new Set(slots.map((g) => g.vassalage))].slice(0, 4),
    signInPromotion: promotions.find((p) => p.kind === 'SIGN_IN')!.id,
    bets: { dice: await bet(members[0]!.dice), slot: await bet(members[0]!.slot) },
    operator: (n) => ({ ip: `10.71.0.${n % 200}`, token: opsToken }),
  };
}
