import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, members, memberTree } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { today } from './testTeam.ts';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let agentToken: string;
let agentId: number;

beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
  agentToken = (await api.login('agent01', 'Agent1234')).body.value.token;
  agentId = (await row('agent01'))!.id;
});
afterAll(() => t.close());

const newAccount = (accountType: 'MEMBER' | 'AGENT', username: string, password = 'abc12345') => ({
  accountType,
  username,
  password,
  confirmPassword: password,
});
const register = (body: object, token = agentToken, ip?: string) =>
  client(t.app, 'PORTICO', ip).send('PUT', '/wps/agent/downline', body, token);
const row = async (account: string) =>
  (
    await db
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, 'PORTICO'), eq(members.account, account)))
  )[0];

describe('register downline', () => {
  it('opens a member directly below the agent, who can then log in', async () => {
    const res = await register(newAccount('MEMBER', 'DlMember1'));
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      id: expect.any(Number),
      account: 'dlmember1',
      agentType: 0,
      affiliateCode: null,
    });
    expect(await row('dlmember1')).toMatchObject({ uplineId: agentId, agentType: 0, affiliateCode: null });
    expect((await api.login('dlmember1', 'abc12345')).status).toBe(200);
    const list = await api.send('GET', '/wps/agent/downline?account=dlmember1', undefined, agentToken);
    expect(list.body.value.list).toEqual([
      expect.objectContaining({
        account: 'dlmember1',
        level: 1,
        uplineAccount: 'agent01',
        lastLoginAt: expect.any(String),
      }),
    ]);
  });

  it('opens an agent with its own invitation code, which binds the members it recruits', async () => {
    const res = await register(newAccount('AGENT', 'dlagent1'));
    expect(res.body.value).toMatchObject({ account: 'dlagent1', agentType: 2 });
    const code: string = res.body.value.affiliateCode;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await row('dlagent1')).toMatchObject({ uplineId: agentId, agentType: 2, affiliateCode: code });
    const recruit = await api.send('PUT', '/wps/member/register', {
      username: 'dlrecruit1',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: code.toLowerCase(),
      ...(await api.solvedCaptcha()),
    });
    expect(recruit.status).toBe(200);
    const deep = await api.send(
      'GET',
      '/wps/agent/downline?scope=all&account=dlrecruit1',
      undefined,
      agentToken,
    );
    expect(deep.body.value.list).toEqual([expect.objectContaining({ level: 2, uplineAccount: 'dlagent1' })]);
  });

  it('checks username and password with the registration rules, and the confirmation, creating nothing', async () => {
    const before = (await db.select().from(members)).length;
    const res = await register({
      accountType: 'MEMBER',
      username: '9lives',
      password: 'onlyletters',
      confirmPassword: 'different1',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      username: 'Enter 6-16 characters starting with a letter, then letters or numbers',
      password: 'Enter 6-20 characters combining letters and numbers',
      confirmPassword: 'Incorrect confirmation input',
    });
    const mismatch = await register({ ...newAccount('AGENT', 'dlagent2'), confirmPassword: 'abc12346' });
    expect(Object.keys(mismatch.body.fields)).toEqual(['confirmPassword']);
    const empty = await register({ accountType: 'MEMBER', username: '', password: '', confirmPassword: '' });
    expect(empty.status).toBe(400);
    expect((await db.select().from(members)).length).toBe(before);
  });

  it('refuses a taken username on the username field', async () => {
    const res = await register(newAccount('MEMBER', 'Player01'));
    expect(res.status).toBe(409);
    expect(res.body.fields).toEqual({ username: 'This username is already taken' });
  });

  it('writes the agent’s audit record with the account', async () => {
    const res = await register(newAccount('MEMBER', 'dlaudit1'));
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DOWNLINE_REGISTERED'), eq(auditLog.actor, `member:${agentId}`)))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(entry?.subject).toEqual({ memberId: res.body.value.id, account: 'dlaudit1', agentType: 0 });
  });

  it('is limited per address like registration', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await register(newAccount('MEMBER', 'x'), agentToken, '198.51.100.91')).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('invitation codes', () => {
  it('a member registering with an agent’s code joins its downline, its subtree and its team overview', async () => {
    const res = await api.send('PUT', '/wps/member/register', {
      username: 'invitee01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: 'AGENT01',
      ...(await api.solvedCaptcha()),
    });
    expect(res.status).toBe(200);
    const invitee = (await row('invitee01'))!;
    expect(invitee.uplineId).toBe(agentId);
    const tree = await db.select().from(memberTree).where(eq(memberTree.descendantId, invitee.id));
    expect(tree).toContainEqual({ ancestorId: agentId, descendantId: invitee.id, depth: 1 });
    const direct = await api.send('GET', '/wps/agent/downline?account=invitee01', undefined, agentToken);
    expect(direct.body.value.list).toEqual([expect.objectContaining({ id: invitee.id, level: 1 })]);
    const day = today();
    const before = await api.send(
      'GET',
      `/wps/agent/team/overview?from=${day}&to=${day}`,
      undefined,
      agentToken,
    );
    expect(before.body.value.newMembers).toBeGreaterThanOrEqual(1);
    // The overview counts this very account: it drops by one when the account moves out of the subtree.
    await db.update(members).set({ uplineId: null }).where(eq(members.id, invitee.id));
    const after = await api.send(
      'GET',
      `/wps/agent/team/overview?from=${day}&to=${day}`,
      undefined,
      agentToken,
    );
    expect(after.body.value.newMembers).toBe(before.body.value.newMembers - 1);
    expect(after.body.value.teamSize).toBe(before.body.value.teamSize - 1);
  });
});
