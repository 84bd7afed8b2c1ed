import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { RemarkDialog } from './RemarkDialog.tsx';
import { opsButton, opsPrimary } from './ui.tsx';
import type { useDecision } from './useDecision.ts';

export type Verdict = 'approve' | 'reject';

const verdictLabel = (v: Verdict) => (v === 'approve' ? <Trans>Approve</Trans> : <Trans>Reject</Trans>);

/** A queue row's Approve / Reject buttons, each named with its record for screen readers (`labelOf`). */
export function VerdictButtons({
  verdicts,
  labelOf,
  onPick,
}: {
  verdicts: readonly Verdict[];
  labelOf: (v: Verdict) => string;
  onPick: (v: Verdict) => void;
}) {
  return verdicts.map((v) => (
    <button
      key={v}
      type="button"
      className={v === 'approve' ? opsPrimary : opsButton}
      aria-label={labelOf(v)}
      onClick={() => onPick(v)}
    >
      {verdictLabel(v)}
    </button>
  ));
}

/** The dialog of an open approval or rejection, with an optional remark; `children` shows what is decided. */
export function VerdictDialog<Item extends { id: number }, Reply>({
  decision,
  labelOf,
  children,
}: {
  decision: ReturnType<typeof useDecision<Item, Verdict, Reply>>;
  labelOf: (v: Verdict, id: number) => string;
  children?: ReactNode;
}) {
  const deciding = decision.deciding;
  if (!deciding) return null;
  return (
    <RemarkDialog
      title={labelOf(deciding.action, deciding.item.id)}
      confirmLabel={verdictLabel(deciding.action)}
      danger={deciding.action === 'reject'}
      pending={decision.pending}
      error={decision.error}
      onClose={decision.close}
      onConfirm={(remark) => decision.decide(remark ? { remark } : {})}
    >
      {children}
    </RemarkDialog>
  );
}
