import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type {
  AgentContract,
  ContractKind,
  ContractPeriod,
  ContractTier,
} from '../../../../contract/agent.ts';
import {
  connectNegotiation,
  movedOn,
  type NegotiationView,
} from '../../../../machines/contractNegotiation.connect.ts';
import {
  type ContractRole,
  contractNegotiationMachine,
} from '../../../../machines/contractNegotiation.machine.ts';
import { liveInspect } from '../../../flows/liveActors.ts';
import { primaryButton, secondaryButton } from '../../../ui/records/form.tsx';
import { ConfirmButton, FlowErrorLine, useWhen } from './parts.tsx';
import { negotiationActors } from './queries.ts';
import { TermsTable } from './TermsTable.tsx';
import { TierEditor } from './TierEditor.tsx';

export interface NegotiationProps {
  side: ContractRole;
  kind: ContractKind;
  /** The server's word: the pending offer, else the contract in force. */
  contract: AgentContract | null;
  /** Upline: its own contract in force, the ceiling of its offers. */
  ceiling: { tiers: ContractTier[]; period: ContractPeriod | null } | null;
  /** Upline: the downline agent the row is about. */
  downline: { id: number; account: string } | null;
}

/** One side of a contract (machine contractNegotiation); a new machine when the server's word moves past this one's. */
export function Negotiation(props: NegotiationProps) {
  const [generation, setGeneration] = useState(0);
  return <NegotiationPanel key={generation} {...props} onStale={() => setGeneration((g) => g + 1)} />;
}

function NegotiationPanel({ onStale, ...props }: NegotiationProps & { onStale: () => void }) {
  const queryClient = useQueryClient();
  const actor = useActorRef(
    contractNegotiationMachine.provide({ actors: negotiationActors(queryClient, props.kind) }),
    {
      inspect: liveInspect,
      input: {
        role: props.side,
        kind: props.kind,
        contract: props.contract,
        ceiling: props.ceiling,
        downlineId: props.downline?.id ?? null,
      },
    },
  );
  const stale = useRef(onStale);
  stale.current = onStale;
  useEffect(() => {
    if (movedOn(actor.getSnapshot().context.contract, props.contract)) stale.current();
  }, [actor, props.contract]);
  const view = connectNegotiation(
    useSelector(actor, (s) => s),
    actor.send,
  );
  return props.side === 'upline' ? (
    <UplineSide n={view} account={props.downline?.account ?? ''} />
  ) : (
    <DownlineSide n={view} />
  );
}

/** The downline's side (My contract): an offer from its upline to accept or reject. */
function DownlineSide({ n }: { n: NegotiationView }) {
  const { t } = useLingui();
  const when = useWhen();
  const c = n.contract;
  switch (n.phase) {
    case 'none':
      return (
        <p role="status" className="text-sm text-muted">
          <Trans>You have no contract of this kind yet. Your upline can offer you one.</Trans>
        </p>
      );
    case 'active':
      return null;
    case 'terminated':
      return (
        <p role="status" className="text-sm">
          <Trans>This contract has been terminated.</Trans>
        </p>
      );
    case 'rejected':
      return (
        <p role="status" className="text-sm">
          <Trans>You rejected the offer.</Trans>
        </p>
      );
    case 'accepted': {
      const from = c?.activeFrom ? when(c.activeFrom) : '';
      return (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm">
            <Trans>You accepted the offer. It is in force from {from}.</Trans>
          </p>
          <button
            type="button"
            className={`${primaryButton} self-start`}
            onClick={() => n.closeConfirmation()}
          >
            <Trans>Continue</Trans>
          </button>
        </div>
      );
    }
    default: {
      // An offer: proposed, or an answer on its way.
      const upline = c?.upline?.account ?? '';
      const accepting = n.busy === 'ACCEPT';
      return (
        <section
          aria-label={t`Offer from ${upline}`}
          className="flex flex-col gap-3 rounded-lg border border-brand/50 p-3"
        >
          <p role="status" className="text-sm font-semibold">
            <Trans>{upline} offers you a contract. Accept it to put it in force.</Trans>
          </p>
          {c && <TermsTable caption={<Trans>Offered terms</Trans>} tiers={c.tiers} period={c.period} />}
          <FlowErrorLine error={n.error} onRetry={n.retry} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButton}
              aria-busy={accepting || undefined}
              disabled={n.busy !== null}
              onClick={() => n.accept()}
            >
              {accepting ? <Trans>Accepting…</Trans> : <Trans>Accept</Trans>}
            </button>
            <ConfirmButton
              label={t`Reject`}
              busyLabel={t`Rejecting…`}
              busy={n.busy === 'REJECT'}
              title={t`Reject the offer?`}
              question={t`${upline} will be told that you rejected it. Your current contract, if any, stays in force.`}
              confirm={t`Reject offer`}
              onConfirm={n.reject}
            />
          </div>
        </section>
      );
    }
  }
}

/** The upline's side of one downline row: an offer to make, an offer or contract to change or terminate. */
function UplineSide({ n, account }: { n: NegotiationView; account: string }) {
  const { t } = useLingui();
  const when = useWhen();
  const c = n.contract;
  if (n.editing) return <TierEditor draft={n.draft} error={n.error} account={account} />;
  const since = c ? when(c.activeFrom ?? c.proposedAt) : '';
  const status: Record<string, string> = {
    proposed: t`Offer sent, waiting for ${account} to answer.`,
    active: t`In force since ${since}.`,
    terminated: t`Terminated.`,
    rejected: t`${account} rejected the offer.`,
  };
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm">
        {status[n.shown]}
      </p>
      {c && <TermsTable caption={<Trans>Terms</Trans>} tiers={c.tiers} period={c.period} />}
      <FlowErrorLine error={n.error} onRetry={n.retry} />
      <div className="flex flex-wrap gap-2">
        {n.canEdit && (
          <button type="button" className={secondaryButton} onClick={n.edit}>
            <Trans>Edit terms</Trans>
          </button>
        )}
        {n.canNewDraft && (
          <button type="button" className={secondaryButton} onClick={n.startDraft}>
            <Trans>New offer</Trans>
          </button>
        )}
        {(n.canTerminate || n.busy === 'TERMINATE') && (
          <ConfirmButton
            label={t`Terminate`}
            busyLabel={t`Terminating…`}
            busy={n.busy === 'TERMINATE'}
            title={t`Terminate the contract?`}
            question={t`The contract with ${account} ends now, and so does every contract of this kind below ${account}.`}
            confirm={t`Yes, terminate`}
            onConfirm={n.terminate}
          />
        )}
      </div>
    </div>
  );
}
