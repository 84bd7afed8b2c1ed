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
  type ContractRole,
  contractNegotiationMachine,
  type NegotiationAction,
} from '../../../../machines/contractNegotiation.machine.ts';
import { selectNegotiation } from '../../../../machines/contractNegotiation.selectors.ts';
import { liveInspect } from '../../../flows/liveActors.ts';
import { primaryButton, secondaryButton } from '../../../ui/records/form.tsx';
import { ConfirmButton, FlowErrorLine, type NegotiationActor, useWhen } from './parts.tsx';
import { negotiationActors } from './queries.ts';
import { TermsTable } from './TermsTable.tsx';
import { TierEditor } from './TierEditor.tsx';

const alive = (c: AgentContract) => c.status === 'PROPOSED' || c.status === 'ACTIVE';

/**
 * Whether the server's word has moved past what the machine knows, so a new machine must start from it: a contract
 * the machine thinks alive that the server shows otherwise (ended, or changed elsewhere), or a newer contract than
 * the one it knows. An offer the machine itself ended (rejected, terminated) stays on screen while the server shows
 * the older contract still in force.
 */
export function movedOn(known: AgentContract | null, server: AgentContract | null): boolean {
  if (known && alive(known)) return server?.id !== known.id || server.status !== known.status;
  return server !== null && (known === null || server.id > known.id);
}

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
  return props.side === 'upline' ? (
    <UplineSide actor={actor} account={props.downline?.account ?? ''} />
  ) : (
    <DownlineSide actor={actor} />
  );
}

const retryOf = (actor: NegotiationActor, failed: NegotiationAction | null) =>
  failed && failed !== 'propose' && actor.getSnapshot().can({ type: failed })
    ? () => actor.send({ type: failed })
    : undefined;

/** The downline's side (My contract): an offer from its upline to accept or reject. */
function DownlineSide({ actor }: { actor: NegotiationActor }) {
  const { t } = useLingui();
  const when = useWhen();
  const n = useSelector(actor, selectNegotiation);
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
            onClick={() => actor.send({ type: 'CONTINUE' })}
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
          <FlowErrorLine error={n.error} onRetry={retryOf(actor, n.failed)} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButton}
              aria-busy={accepting || undefined}
              disabled={n.busy !== null}
              onClick={() => actor.send({ type: 'ACCEPT' })}
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
              onConfirm={() => actor.send({ type: 'REJECT' })}
            />
          </div>
        </section>
      );
    }
  }
}

/** The upline's side of one downline row: an offer to make, an offer or contract to change or terminate. */
function UplineSide({ actor, account }: { actor: NegotiationActor; account: string }) {
  const { t } = useLingui();
  const when = useWhen();
  const n = useSelector(actor, selectNegotiation);
  const c = n.contract;
  if (n.phase === 'draft' || n.phase === 'proposing') return <TierEditor actor={actor} account={account} />;
  const since = c ? when(c.activeFrom ?? c.proposedAt) : '';
  const status: Record<string, string> = {
    proposed: t`Offer sent, waiting for ${account} to answer.`,
    active: t`In force since ${since}.`,
    terminated: t`Terminated.`,
    rejected: t`${account} rejected the offer.`,
  };
  const current = n.phase === 'terminating' ? (c?.status === 'ACTIVE' ? 'active' : 'proposed') : n.phase;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm">
        {status[current]}
      </p>
      {c && <TermsTable caption={<Trans>Terms</Trans>} tiers={c.tiers} period={c.period} />}
      <FlowErrorLine error={n.error} onRetry={retryOf(actor, n.failed)} />
      <div className="flex flex-wrap gap-2">
        {n.canEdit && (
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'EDIT' })}>
            <Trans>Edit terms</Trans>
          </button>
        )}
        {n.canNewDraft && (
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'NEW_DRAFT' })}>
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
            onConfirm={() => actor.send({ type: 'TERMINATE' })}
          />
        )}
      </div>
    </div>
  );
}
