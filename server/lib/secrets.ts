import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable bearer token (256 bits). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens and one-time codes are stored only as hashes. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A numeric one-time code of `digits` digits. */
export const numericCode = (digits: number) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/** No 0/O, 1/I: a code read aloud or copied by hand still works. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code for people to pass on (referral, invitation): `length` characters that cannot be misread. */
export const readableCode = (length = 8) =>
  Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join('');
