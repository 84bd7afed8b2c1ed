import type { RegisterFieldRule } from './auth.ts';

/**
 * The accepted pattern of each spec §5 pattern message (0–24). A merchant's rule names a patternId for its message
 * and carries its own acceptedPattern ('*' means any text); these are the patterns the demo merchants use.
 */
export const PATTERNS: Record<number, string> = {
  0: '*',
  1: '^[A-Za-z][A-Za-z0-9]*$',
  2: '^[\\u4e00-\\u9fa50-9]+$',
  3: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  4: '^[A-Za-z0-9]+$',
  5: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]+$',
  6: '^\\d+$',
  7: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  8: '^[A-Za-z ]+$',
  9: '^\\S+$',
  10: '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff00-\\uffef]+$',
  11: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  12: '^[\\p{L} ]+$',
  13: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$',
  14: '^[\\p{L}\\p{N}]+$',
  15: '^[\\uac00-\\ud7a3 ]+$',
  16: '^[\\u0e00-\\u0e7f]+$',
  17: '^[\\u0e00-\\u0e7fA-Za-z ]+$',
  18: '^(?=.*[A-Z])[A-Z ]+$',
  19: '^[\\x21-\\x7e]+$',
  20: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z\\d\\s])\\S+$',
  21: '^\\p{L}+(?: \\p{L}+)+$',
  22: '^[\\u3000-\\u30ff\\u4e00-\\u9faf\\uff01-\\uff5e]+$',
  23: '^[A-Z]+$',
  24: '^9\\d*$',
};

/** What is wrong with a field's value: the view turns it into the spec §5 message in the visitor's language. */
export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'pattern'; patternId: number; min: number; max: number }
  | { kind: 'mismatch' }
  /** Spec §5 birthday limit: the member is younger than the merchant's minimum age. */
  | { kind: 'underAge'; minimumAge: number };

/** `acceptedPattern` as a RegExp: '*' becomes '.*' (spec §3). */
export const acceptedRegExp = (acceptedPattern: string): RegExp =>
  new RegExp(acceptedPattern === '*' ? '^.*$' : acceptedPattern, 'u');

/** Checks one value against its merchant rule; length and pattern failures share the pattern message. */
export function checkField(rule: RegisterFieldRule, value: string | undefined): FieldProblem | null {
  if (!rule.enabled) return null;
  const v = value ?? '';
  if (v.trim() === '') return rule.required ? { kind: 'required' } : null;
  const fits =
    v.length >= rule.minLength && v.length <= rule.maxLength && acceptedRegExp(rule.acceptedPattern).test(v);
  return fits
    ? null
    : { kind: 'pattern', patternId: rule.patternId, min: rule.minLength, max: rule.maxLength };
}

/** Spec §9: the minimum age of a merchant that sets none. */
export const DEFAULT_MINIMUM_AGE = 21;

/** The date format of the birthday field (spec §5 pattern 11). */
const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole years from a yyyy-MM-dd birthday to the date `today` (yyyy-MM-dd); null for a date that does not exist. */
export function ageOn(birthday: string, today: string): number | null {
  const b = BIRTHDAY.exec(birthday);
  const t = BIRTHDAY.exec(today);
  if (!b || !t) return null;
  const [y, m, d] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const real = new Date(Date.UTC(y, m - 1, d));
  if (real.getUTCFullYear() !== y || real.getUTCMonth() !== m - 1 || real.getUTCDate() !== d) return null;
  const years = Number(t[1]) - y;
  // Not yet had this year's birthday (a 29 February one counts from 1 March in other years).
  return Number(t[2]) * 100 + Number(t[3]) < m * 100 + d ? years - 1 : years;
}

/**
 * Spec §5 birthday limit, after the field's own rule: a date that does not exist or lies ahead is a format problem,
 * a member younger than `minimumAge` on `today` (the merchant's date) an age one.
 */
export function checkBirthday(birthday: string, minimumAge: number, today: string): FieldProblem | null {
  const age = ageOn(birthday, today);
  if (age === null || age < 0) return { kind: 'pattern', patternId: 11, min: 10, max: 10 };
  return age < minimumAge ? { kind: 'underAge', minimumAge } : null;
}

/** English text of spec §5's pattern messages ({min}/{max} substituted; one number when they are equal). */
const PATTERN_TEXT: Record<number, string> = {
  0: 'Enter {len} characters',
  1: 'Enter {len} characters starting with a letter, then letters or numbers',
  2: 'Enter {len} Chinese characters or numbers',
  3: 'Enter a valid email address ({len} characters)',
  4: 'Enter {len} letters or numbers only',
  5: 'Enter {len} characters combining letters and numbers',
  6: 'Enter {len} digits',
  7: 'Enter {len} letters or numbers with at least one uppercase letter',
  8: 'Enter {len} English letters and spaces',
  9: 'Enter {len} characters without spaces',
  10: 'Enter {len} Chinese characters and punctuation',
  11: 'Enter a date as yyyy-MM-dd',
  12: 'Enter {len} letters and spaces',
  13: 'Enter a date as MM-dd-yyyy',
  14: 'Enter {len} letters and numbers',
  15: 'Enter {len} Korean characters',
  16: 'Enter {len} Thai characters',
  17: 'Enter {len} Thai or English letters and spaces',
  18: 'Enter {len} uppercase letters and spaces',
  19: 'Enter {len} letters, numbers or symbols',
  20: 'Enter {len} characters with an uppercase letter, a lowercase letter, a digit and a symbol',
  21: 'Enter your full name: first and last name',
  22: 'Enter {len} full-width Japanese characters',
  23: 'Enter {len} uppercase letters',
  24: 'Enter {len} digits starting with 9',
};

export const lengthText = (min: number, max: number) => (min === max ? `${min}` : `${min}-${max}`);

/** The server's English wording of a problem (the SPA shows its own translated wording). */
export function problemText(p: FieldProblem): string {
  if (p.kind === 'required') return 'Input must not be empty';
  if (p.kind === 'mismatch') return 'Incorrect confirmation input';
  if (p.kind === 'underAge') return `You must be ${p.minimumAge} years or older to register`;
  return (PATTERN_TEXT[p.patternId] ?? PATTERN_TEXT[0]!).replace('{len}', lengthText(p.min, p.max));
}
