import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type FieldProblem, lengthText } from '../../../contract/registerRules.ts';

/**
 * Spec §5 pattern messages 0–24; {len} is "min-max", or one number when they are equal; {max} picks the noun's
 * plural ("1 character", "6-16 characters").
 */
const PATTERN: Record<number, MessageDescriptor> = {
  0: msg`Enter {len} {max, plural, one {character} other {characters}}`,
  1: msg`Enter {len} {max, plural, one {character} other {characters}} starting with a letter, then letters or numbers`,
  2: msg`Enter {len} Chinese characters or numbers`,
  3: msg`Enter a valid email address ({len} {max, plural, one {character} other {characters}})`,
  4: msg`Enter {len} letters or numbers only`,
  5: msg`Enter {len} {max, plural, one {character} other {characters}} combining letters and numbers`,
  6: msg`Enter {len} {max, plural, one {digit} other {digits}}`,
  7: msg`Enter {len} letters or numbers with at least one uppercase letter`,
  8: msg`Enter {len} English letters and spaces`,
  9: msg`Enter {len} {max, plural, one {character} other {characters}} without spaces`,
  10: msg`Enter {len} Chinese characters and punctuation`,
  11: msg`Enter a date as yyyy-MM-dd`,
  12: msg`Enter {len} letters and spaces`,
  13: msg`Enter a date as MM-dd-yyyy`,
  14: msg`Enter {len} letters and numbers`,
  15: msg`Enter {len} Korean characters`,
  16: msg`Enter {len} Thai characters`,
  17: msg`Enter {len} Thai or English letters and spaces`,
  18: msg`Enter {len} uppercase letters and spaces`,
  19: msg`Enter {len} letters, numbers or symbols`,
  20: msg`Enter {len} {max, plural, one {character} other {characters}} with an uppercase letter, a lowercase letter, a digit and a symbol`,
  21: msg`Enter your full name: first and last name`,
  22: msg`Enter {len} full-width Japanese characters`,
  23: msg`Enter {len} uppercase letters`,
  24: msg`Enter {len} {max, plural, one {digit} other {digits}} starting with 9`,
};

const REQUIRED = msg`Input must not be empty`;
const MISMATCH = msg`Incorrect confirmation input`;
/** Spec §5 birthday limit ("user is 21 years old"). */
const UNDER_AGE = msg`You must be {minimumAge, plural, one {# year} other {# years}} or older to register`;

/** A field problem in the visitor's language; server messages (already worded) pass through. */
export function problemMessage(
  i18n: I18n,
  problem: FieldProblem | { kind: 'server'; message: string },
): string {
  switch (problem.kind) {
    case 'required':
      return i18n._(REQUIRED);
    case 'mismatch':
      return i18n._(MISMATCH);
    case 'server':
      return problem.message;
    case 'underAge':
      return i18n._(UNDER_AGE.id, { minimumAge: problem.minimumAge }, { message: UNDER_AGE.message });
    default: {
      const pattern = PATTERN[problem.patternId] ?? PATTERN[0]!;
      return i18n._(
        pattern.id,
        { len: lengthText(problem.min, problem.max), max: problem.max },
        { message: pattern.message },
      );
    }
  }
}
