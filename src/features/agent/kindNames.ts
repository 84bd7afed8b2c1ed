import { useLingui } from '@lingui/react/macro';
import type { ContractKind } from '../../../contract/agent.ts';

/** Contract kinds in the reader's words (spec §1: dividend, daily salary, hourly salary, real-time salary). */
export function useContractKindNames(): Record<ContractKind, string> {
  const { t } = useLingui();
  return {
    DIVIDEND: t`Dividend`,
    DAILY_SALARY: t`Daily salary`,
    HOURLY_SALARY: t`Hourly salary`,
    REALTIME_SALARY: t`Real-time salary`,
  };
}
