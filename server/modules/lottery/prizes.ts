import { createHash, randomBytes } from 'node:crypto';
import type { RandomInt } from '../inhouse/random.ts';

/**
 * One prize of a draw: its label and how many numbers of how many digits it holds. With `range` the numbers are
 * distinct, drawn from `min`…`max` and written in ascending order (Keno); without it every digit is free.
 */
export interface PrizeSlot {
  label: 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8' | 'KENO';
  count: number;
  digits: number;
  range?: { min: number; max: number };
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

/** Keno (GPI): one prize of 20 distinct numbers from 01 to 80, ascending. */
export const KENO: readonly PrizeSlot[] = [
  { label: 'KENO', count: 20, digits: 2, range: { min: 1, max: 80 } },
];

export type Structure = 'NORTH' | 'SOUTH' | 'KENO';
export const STRUCTURES: Record<Structure, readonly PrizeSlot[]> = { NORTH, SOUTH, KENO };

/** A draw's numbers, prize by prize in the structure's order (DB first). */
export type DrawNumbers = string[][];

export const numberCount = (slots: readonly PrizeSlot[]) => slots.reduce((n, s) => n + s.count, 0);

/**
 * `count` distinct numbers of `min`…`max`, each subset equally likely: the first `count` steps of a Fisher–Yates
 * shuffle of the range, then sorted.
 */
function drawDistinct(
  count: number,
  { min, max }: { min: number; max: number },
  random: RandomInt,
): number[] {
  const pool = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  for (let i = 0; i < count; i += 1) {
    const j = i + random(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/**
 * Draws every number of every prize, leading zeros kept: each digit uniform and independent, or for a prize with a
 * range (Keno) distinct numbers of the range in ascending order.
 */
export function drawNumbers(slots: readonly PrizeSlot[], random: RandomInt): DrawNumbers {
  return slots.map((slot) =>
    slot.range
      ? drawDistinct(slot.count, slot.range, random).map((n) => String(n).padStart(slot.digits, '0'))
      : Array.from({ length: slot.count }, () =>
          String(random(10 ** slot.digits)).padStart(slot.digits, '0'),
        ),
  );
}

const patterns = new Map<number, RegExp>();
/** `^\d{n}$`, made once per length: every settled bet reads its draw back through it. */
function digitsPattern(n: number): RegExp {
  const known = patterns.get(n);
  if (known) return known;
  const made = new RegExp(`^\\d{${n}}$`);
  patterns.set(n, made);
  return made;
}

/** Whether one prize's numbers fit its slot: count, digits, and for a range distinct, within it, ascending. */
function fitsSlot(numbers: string[], slot: PrizeSlot): boolean {
  if (numbers.length !== slot.count) return false;
  const digits = digitsPattern(slot.digits);
  if (!numbers.every((n) => digits.test(n))) return false;
  if (!slot.range) return true;
  const values = numbers.map(Number);
  const { min, max } = slot.range;
  return values.every((v, i) => v >= min && v <= max && (i === 0 || v > values[i - 1]!));
}

/** The spec's format: prizes DB first then G1…G8, comma between prizes, tilde between one prize's numbers. */
export const formatNumbers = (numbers: DrawNumbers): string => numbers.map((p) => p.join('~')).join(',');

/**
 * Reads the spec's format back, checked against the structure (count and digits of every prize; Keno's numbers
 * distinct, 01–80 and ascending).
 */
export function parseNumbers(text: string, slots: readonly PrizeSlot[]): DrawNumbers {
  const prizes = text.split(',').map((p) => p.split('~'));
  const fits = prizes.length === slots.length && prizes.every((p, i) => fitsSlot(p, slots[i]!));
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
