import { TIER_LIMITS } from '../../../../contract/agent.ts';
import type { FieldReading, TierField } from '../../../../machines/contractNegotiation.machine.ts';
import { parseAmount } from '../../../ui/records/amount.ts';

/**
 * What a typed tier field holds: members a whole number; the bet amount money and the rate a percent, both with 2
 * decimals (spec §5), read by the amount reader into hundredths (minor units, basis points).
 */
export function readTierField(field: TierField, text: string): FieldReading {
  if (field === 'activeMembers') {
    const trimmed = text.trim();
    if (trimmed === '') return { ok: false, problem: 'required' };
    if (!/^\d+$/.test(trimmed)) return { ok: false, problem: 'whole' };
    const value = Number(trimmed);
    return value > TIER_LIMITS.members ? { ok: false, problem: 'tooLarge' } : { ok: true, value };
  }
  const max = field === 'rate' ? TIER_LIMITS.rateBp : TIER_LIMITS.bet;
  const r = parseAmount(text, { max });
  if (r.ok) return { ok: true, value: r.minor };
  switch (r.problem.kind) {
    // A first tier may start at no bet at all; a rate of 0 is no contract.
    case 'positive':
      return field === 'rate' ? { ok: false, problem: 'zero' } : { ok: true, value: 0 };
    case 'max':
      return { ok: false, problem: 'tooLarge' };
    case 'required':
    case 'decimals':
    case 'format':
      return { ok: false, problem: r.problem.kind };
    default:
      return { ok: false, problem: 'format' };
  }
}
