import { useLingui } from '@lingui/react/macro';

export type RoundStatus = 'OPEN' | 'SETTLED' | 'ROLLED_BACK';

/** A game round's status in the reader's words (betting records of the member and of an agent's team). */
export function useRoundStatusWords(): Record<RoundStatus, string> {
  const { t } = useLingui();
  return { OPEN: t`Open`, SETTLED: t`Settled`, ROLLED_BACK: t`Cancelled` };
}
