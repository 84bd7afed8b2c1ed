import { createHash, randomBytes } from 'node:crypto';
import type { RandomInt } from '../inhouse/random.ts';

/** One prize of a draw: its label and how many numbers of how many digits it holds. */
export interface PrizeSlot {
  label: 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8';
  count: number;
  digits: number;
}

/** Northern lottery (XSMB, and the fast e-lotteries): 27 numbers. */
export const NORTH: readonly PrizeSlot[] = [
  { label: 'DB', count: 1, digits: 5 },
  { label: 'G1', count: 1, digits: 5 },
  { label: 'G2', count: 2, digits: 5 },
  { label: 'G3', count: 6, digits: 5 },
  { label: 'G4', count: 4, digits: 4 },
  { label: 'G5', count: 6, digits: 4 },
  { label: 'G6', count: 3, digits: 3 },
  { label: 'G7', count: 4, digits: 2 },
];

/** Southern and central lotteries (one draw per province): 18 numbers, a 6-digit special prize. */
export const SOUTH: readonly PrizeSlot[] = [
  { label: 'DB', count: 1, digits: 6 },
  { label: 'G1', count: 1, digits: 5 },
  { label: 'G2', count: 1, digits: 5 },
  { label: 'G3', count: 2, digits: 5 },
  { label: 'G4', count: 7, digits: 5 },
  { label: 'G5', count: 1, digits: 4 },
  { label: 'G6', count: 3, digits: 4 },
  { label: 'G7', count: 1, digits: 3 },
  { label: 'G8', count: 1, digits: 2 },
];

export type Structure = 'NORTH' | 'SOUTH';
export const STRUCTURES: Record<Structure, readonly PrizeSlot[]> = { NORTH, SOUTH };

/** A draw's numbers, prize by prize in the structure's order (DB first). */
export type DrawNumbers = string[][];

export const numberCount = (slots: readonly PrizeSlot[]) => slots.reduce((n, s) => n + s.count, 0);

/** Draws every number of every prize: each digit uniform and independent, leading zeros kept. */
export function drawNumbers(slots: readonly PrizeSlot[], random: RandomInt): DrawNumbers {
  return slots.map((slot) =>
    Array.from({ length: slot.count }, () => String(random(10 ** slot.digits)).padStart(slot.digits, '0')),
  );
}

/** The spec's format: prizes DB first then G1…G8, comma between prizes, tilde between one prize's numbers. */
export const formatNumbers = (numbers: DrawNumbers): string => numbers.map((p) => p.join('~')).join(',');

/** Reads the spec's format back, checked against the structure (count and digits of every prize). */
export function parseNumbers(text: string, slots: readonly PrizeSlot[]): DrawNumbers {
  const prizes = text.split(',').map((p) => p.split('~'));
  const fits =
    prizes.length === slots.length &&
    prizes.every(
      (p, i) =>
        p.length === slots[i]!.count && p.every((n) => new RegExp(`^\\d{${slots[i]!.digits}}$`).test(n)),
    );
  if (!fits) throw new Error(`not a draw of this structure: ${text.slice(0, 80)}`);
  return prizes;
}

/**
 * Commit–reveal: before the draw only `sha256(salt:numbers)` is published; after it, numbers and salt, so anyone
 * can check the result was fixed before sales closed.
 */
export const commitmentOf = (salt: string, formatted: string) =>
  createHash('sha256').update(`${salt}:${formatted}`).digest('hex');

export function commitDraw(slots: readonly PrizeSlot[], random: RandomInt) {
  const numbers = formatNumbers(drawNumbers(slots, random));
  const salt = randomBytes(16).toString('hex');
  return { numbers, salt, commitment: commitmentOf(salt, numbers) };
}
