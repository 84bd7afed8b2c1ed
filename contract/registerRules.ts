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
  | { kind: 'mismatch' };

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
  return (PATTERN_TEXT[p.patternId] ?? PATTERN_TEXT[0]!).replace('{len}', lengthText(p.min, p.max));
}
