import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;

/**
 * Production's scrypt cost: 2^17 with r = 8 (OWASP's floor for scrypt), 128 MiB and about 0.35 s a hash on this
 * machine kind (2^14 took 65 ms).
 */
export const SCRYPT_N = 2 ** 17;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** Hashes stored with a larger cost than this are refused rather than allowed to take the process's memory. */
const MAX_N = 2 ** 20;

/**
 * The cost new hashes get: PORTICO_SCRYPT_N (a power of two) or SCRYPT_N. Only outside production may it be lower,
 * so the test suites, which hash and log in hundreds of times, keep their pace (vite.config.ts sets 2^14).
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.PORTICO_SCRYPT_N?.trim();
  if (!text) return SCRYPT_N;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 2 ** 10 || n > MAX_N || (n & (n - 1)) !== 0)
    throw new Error(`PORTICO_SCRYPT_N must be a power of two from 1024 to ${MAX_N}, got "${text}"`);
  if (env.NODE_ENV === 'production' && n < SCRYPT_N)
    throw new Error(`PORTICO_SCRYPT_N cannot be below ${SCRYPT_N} in production, got ${n}`);
  return n;
}

// 128 · N · r bytes for the work, with room for scrypt's own buffers (Node's default cap is 32 MiB).
const maxmem = (n: number, r: number, p: number) => 128 * n * r * p + 32 * 1024 * 1024;

/** scrypt with a random salt; the parameters travel with the hash, so older hashes verify after a raise. */
export async function hashPassword(password: string, n = scryptCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N: n, r: R, p: P, maxmem: maxmem(n, R, P) });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const parse = (stored: string) => {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!(cost.N >= 2 && cost.N <= MAX_N && cost.r >= 1 && cost.p >= 1)) return null;
  return { ...cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
};

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const actual = await scrypt(password, hash.salt, hash.key.length, {
    N: hash.N,
    r: hash.r,
    p: hash.p,
    maxmem: maxmem(hash.N, hash.r, hash.p),
  });
  return timingSafeEqual(actual, hash.key);
}

/** A hash made with a lower cost than new ones get: rehash it once the password is known (at login). */
export function needsRehash(stored: string, cost = scryptCost()): boolean {
  const hash = parse(stored);
  return !hash || hash.N < cost || hash.r < R;
}
