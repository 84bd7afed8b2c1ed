import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_N, scryptCost, verifyPassword } from './password.ts';

const costOf = (hash: string) => Number(hash.split('$')[1]);

describe('password hashes', () => {
  it('cost 2^17 by default and in production, which refuses a lower setting', () => {
    expect(SCRYPT_N).toBe(2 ** 17);
    expect(scryptCost({})).toBe(2 ** 17);
    expect(scryptCost({ NODE_ENV: 'production' })).toBe(2 ** 17);
    expect(() => scryptCost({ NODE_ENV: 'production', PORTICO_SCRYPT_N: '16384' })).toThrow(/production/);
    expect(scryptCost({ NODE_ENV: 'production', PORTICO_SCRYPT_N: String(2 ** 18) })).toBe(2 ** 18);
    expect(() => scryptCost({ PORTICO_SCRYPT_N: '100000' })).toThrow(/power of two/);
    // The suites' setting (vite.config.ts), so their hundreds of logins stay fast.
    expect(scryptCost()).toBe(2 ** 14);
  });

  it('hash and verify at production cost (beyond Node’s default 32 MiB scrypt memory cap)', async () => {
    const hash = await hashPassword('Player123', SCRYPT_N);
    expect(costOf(hash)).toBe(SCRYPT_N);
    expect(await verifyPassword('Player123', hash)).toBe(true);
    expect(await verifyPassword('Player124', hash)).toBe(false);
  });

  it('verify hashes of an older cost, which then need a rehash', async () => {
    const old = await hashPassword('Player123', 2 ** 12);
    expect(await verifyPassword('Player123', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    const current = await hashPassword('Player123');
    expect(needsRehash(current)).toBe(false);
    // Today's hashes (2^14) are rehashed at the next login under production's default.
    expect(needsRehash(current, scryptCost({}))).toBe(true);
  });

  it('refuse a malformed or oversized stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$c2FsdA$a2V5`)).toBe(false);
  });
});
