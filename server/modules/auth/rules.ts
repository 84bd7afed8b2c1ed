import type { RegisterField, RegisterFieldRule } from '../../../contract/auth.ts';
import { checkBirthday, checkField, problemText } from '../../../contract/registerRules.ts';
import { DomainError } from '../../http/errors.ts';

/** Spec §5 birthday limit: the merchant's minimum age, reached on the merchant's date `today` (yyyy-MM-dd). */
export interface AgeCheck {
  minimumAge: number;
  today: string;
}

/**
 * Checks the typed values against the merchant's rules (the same functions the SPA runs) and fails with every
 * field's message at once. `skip` leaves out fields the caller checks its own way (captcha, SMS code). With `age`,
 * a birthday the rules let through must also make the member old enough.
 */
export function enforceRules(
  rules: RegisterFieldRule[],
  values: Partial<Record<RegisterField, string | undefined>>,
  skip: RegisterField[] = [],
  age?: AgeCheck,
): void {
  const fields: Record<string, string> = {};
  for (const rule of rules) {
    if (skip.includes(rule.field)) continue;
    const problem = checkField(rule, values[rule.field]);
    if (problem) fields[rule.field] = problemText(problem);
  }
  const birthday = values.birthday?.trim();
  if (age && birthday && !fields.birthday && ruleOf(rules, 'birthday')?.enabled) {
    const problem = checkBirthday(birthday, age.minimumAge, age.today);
    if (problem) fields.birthday = problemText(problem);
  }
  if (values.confirmPassword !== undefined && values.confirmPassword !== values.password)
    fields.confirmPassword ??= problemText({ kind: 'mismatch' });
  if (Object.keys(fields).length > 0)
    throw new DomainError(400, 'VALIDATION', 'Please correct the marked fields', fields);
}

export const ruleOf = (rules: RegisterFieldRule[], field: RegisterField) =>
  rules.find((r) => r.field === field);
