import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyCall } from './call.ts';
import { refusalOf, type Standing } from './standing.ts';

/** Every call the contract defines, by its module and export name. */
async function allCalls(): Promise<[string, AnyCall][]> {
  const dir = new URL('.', import.meta.url).pathname;
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const out: [string, AnyCall][] = [];
  for (const f of files) {
    const mod: Record<string, unknown> = await import(/* @vite-ignore */ `./${f}`);
    for (const [name, value] of Object.entries(mod)) {
      const c = value as Partial<AnyCall> | null;
      if (
        c &&
        typeof c === 'object' &&
        typeof c.path === 'string' &&
        c.method &&
        'response' in c &&
        c.response
      )
        out.push([`${f}#${name}`, c as AnyCall]);
    }
  }
  return out;
}

const open: Standing = { site: { status: 0, maintenanceEnd: null } };
const member = (m: Partial<NonNullable<Standing['member']>>): Standing => ({
  ...open,
  member: { locked: false, passwordChange: null, break: null, ...m },
});
const call = (method: AnyCall['method'], path: string, cls: AnyCall['class']) => ({
  method,
  path,
  class: cls,
});

describe('the contract', () => {
  it('gives every call a member or visitor makes a class, and none to operator calls', async () => {
    const calls = await allCalls();
    expect(calls.length).toBeGreaterThan(100);
    for (const [name, c] of calls) {
      if (c.auth === 'ops' || c.path.startsWith('/ops/')) expect(c.class, name).toBeUndefined();
      else expect(c.class, name).toBeDefined();
    }
  });
});

describe('refusalOf', () => {
  it('refuses every call but the open ones in maintenance and from a restricted region, visitors included', () => {
    const down: Standing = { site: { status: 1, maintenanceEnd: '2026-11-27T02:00:00.000Z' } };
    expect(refusalOf(down, call('POST', '/wps/session/login', 'account'))).toMatchObject({
      code: 'MAINTENANCE',
      until: '2026-11-27T02:00:00.000Z',
    });
    expect(refusalOf(down, call('GET', '/wps/system/status', 'open'))).toBeNull();
    const abroad: Standing = { site: { status: 2, maintenanceEnd: null } };
    expect(refusalOf(abroad, call('GET', '/lgw/games/list', 'read'))?.code).toBe('REGION_RESTRICTED');
    expect(refusalOf(abroad, call('GET', '/wps/system/whitelabel', 'open'))).toBeNull();
  });

  it('lets a locked account only log out', () => {
    const locked = member({ locked: true });
    expect(refusalOf(locked, call('DELETE', '/wps/session/logout', 'account'))).toBeNull();
    expect(refusalOf(locked, call('GET', '/wps/member/info', 'read'))?.code).toBe('ACCOUNT_LOCKED');
  });

  it('lets a password still to be changed reach only the change, member info and logout', () => {
    const due = member({ passwordChange: 'expired' });
    for (const ok of [
      call('POST', '/wps/member/password', 'account'),
      call('GET', '/wps/member/info', 'read'),
      call('DELETE', '/wps/session/logout', 'account'),
    ])
      expect(refusalOf(due, ok)).toBeNull();
    expect(refusalOf(due, call('GET', '/wps/v2/wallets/balance', 'read'))?.code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
  });

  it('lets a member on a break read, manage the account and withdraw, but not pay in, play or claim', () => {
    const resting = member({ break: { kind: 'COOLING_OFF', until: '2026-11-27T14:00:00.000Z' } });
    for (const cls of ['read', 'account', 'withdraw'] as const)
      expect(refusalOf(resting, call('POST', '/x', cls)), cls).toBeNull();
    for (const cls of ['money', 'play', 'claim'] as const)
      expect(refusalOf(resting, call('POST', '/x', cls)), cls).toMatchObject({
        code: 'SELF_EXCLUDED',
        until: '2026-11-27T14:00:00.000Z',
      });
  });
});
