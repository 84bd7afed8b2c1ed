import { randomInt } from 'node:crypto';

/** A uniform integer in [0, max): the only source of game outcomes, so tests can pass a rigged one. */
export type RandomInt = (max: number) => number;

/** Outcomes in play come from the CSPRNG (crypto.randomInt batches its entropy, so it stays fast). */
export const cryptoRandom: RandomInt = (max) => randomInt(max);
