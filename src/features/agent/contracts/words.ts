import { useLingui } from '@lingui/react/macro';
import type { ContractPeriod } from '../../../../contract/agent.ts';
import type {
  DraftProblems,
  TierField,
  TierProblem,
} from '../../../../machines/contractNegotiation.machine.ts';
import { formatBasisPoints } from '../../../i18n/format.ts';

/** A rate in basis points as a percent with 2 decimals in the reader's locale: 80 → "0.80 %". */
export function useRate() {
  const { i18n } = useLingui();
  return (bp: number) => formatBasisPoints(bp, i18n.locale);
}

/** Spec §3 periods: D, W, H, M. */
export function usePeriodNames(): Record<ContractPeriod, string> {
  const { t } = useLingui();
  return { D: t`Daily`, W: t`Weekly`, H: t`Semimonthly`, M: t`Monthly` };
}

/** The offer editor's messages, in the agent's words. */
export function useDraftMessages() {
  const { t } = useLingui();
  const rate = useRate();
  const periods = usePeriodNames();
  const field = (f: TierField, p: TierProblem): string => {
    switch (p.kind) {
      case 'required':
        return t`Please fill this in`;
      case 'format':
        return t`Enter a number such as 100 or 100.50`;
      case 'decimals':
        return t`At most 2 decimals`;
      case 'whole':
        return t`Whole members only`;
      case 'tooLarge':
        return f === 'rate'
          ? t`At most 100 %`
          : f === 'activeMembers'
            ? t`At most 1,000,000 members`
            : t`Too large`;
      case 'zero':
        return t`The rate must be more than 0`;
      case 'belowPrevious':
        return f === 'rate'
          ? t`At least the previous tier’s rate`
          : f === 'activeMembers'
            ? t`At least the previous tier’s members`
            : t`At least the previous tier’s bet amount`;
      case 'notRising':
        return t`Raise the members or the bet amount above the previous tier`;
      case 'aboveCeiling': {
        const max = rate(p.maxBp);
        return t`At most your own rate for this team: ${max}`;
      }
    }
  };
  const list = (p: DraftProblems['list']) =>
    p === 'required' ? t`Add at least one tier` : p === 'tooMany' ? t`At most 10 tiers` : undefined;
  const period = (p: DraftProblems['period'], own: ContractPeriod | null) => {
    if (p === 'required') return t`Choose a period`;
    if (p === 'mismatch' && own) {
      const name = periods[own];
      return t`A dividend is paid in your own period: ${name}`;
    }
    return undefined;
  };
  return { field, list, period };
}
