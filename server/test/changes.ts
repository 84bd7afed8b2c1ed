import type { FastifyInstance } from 'fastify';
import { DEMO_OPERATORS } from '../db/seed/operators.ts';

/**
 * Maker-checker in tests: what a test drafts (rules, a promotion's reward) takes effect once a second operator
 * approves it. These approve through the API as a seeded operator (FINANCE by default), one login per app.
 */
const tokens = new WeakMap<FastifyInstance, Map<string, string>>();

export async function opsLogin(app: FastifyInstance, username = 'finance'): Promise<string> {
  const mine = tokens.get(app) ?? new Map<string, string>();
  tokens.set(app, mine);
  const known = mine.get(username);
  if (known) return known;
  const password = DEMO_OPERATORS.find((o) => o.username === username)?.password;
  const res = await app.inject({
    method: 'POST',
    url: '/ops/login',
    headers: { 'x-forwarded-for': '10.250.0.1' },
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`ops login ${username}: ${res.statusCode} ${res.body}`);
  const token = res.json().value.token as string;
  mine.set(username, token);
  return token;
}

/** Calls an operator call as a seeded operator. */
export async function asOps(
  app: FastifyInstance,
  username: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await opsLogin(app, username)}`, 'x-forwarded-for': '10.250.0.2' },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Approves a change (by id) as a seeded operator; throws unless it took effect. */
export async function approveChange(app: FastifyInstance, id: number, username = 'finance') {
  const res = await asOps(app, username, 'POST', `/ops/changes/${id}/approve`);
  if (res.status !== 200) throw new Error(`approve change ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value.change;
}

/** Approves the draft an operator call just answered with (`value.change`), if it made one. */
export async function approveReply(
  app: FastifyInstance,
  reply: { body: { value?: { change?: { id: number } | null } } },
) {
  const id = reply.body.value?.change?.id;
  if (id !== undefined) await approveChange(app, id);
  return reply;
}
