import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { transferToDownline } from '../../../contract/agent.ts';
import { AGENT_TYPES } from '../../../contract/member.ts';
import { AMOUNT_MAX, MONEY_FIELDS } from '../../../contract/payments.ts';
import { connectDownlineTransfer } from '../../../machines/downlineTransfer.connect.ts';
import {
  type AmountProblem,
  downlineTransferMachine,
  type TransferRequest,
  type TransferResult,
} from '../../../machines/downlineTransfer.machine.ts';
import { call } from '../../api/client.ts';
import { newRequestId } from '../../api/requestId.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { FilterText } from '../../ui/records/filters.tsx';
import {
  AmountField,
  Done,
  primaryButton,
  Section,
  secondaryButton,
  TextField,
  useAmountMessage,
} from '../../ui/records/form.tsx';
import { useMoney } from '../../ui/records/useMoney.ts';
import { downlineQuery } from './queries.ts';

const UI_AMOUNT: Record<AmountProblem, Parameters<ReturnType<typeof useAmountMessage>>[0]> = {
  required: { kind: 'required' },
  format: { kind: 'format' },
  positive: { kind: 'positive' },
  tooLarge: { kind: 'max', max: AMOUNT_MAX },
};

/**
 * transferDownline: the agent sends money from its main wallet to one of its direct downline (spec §6), picked by
 * a search of its direct downline, confirmed on a summary with the payment password. The workflow is
 * machines/downlineTransfer.machine.ts; this view renders it and keeps the request id (one per transfer, kept for
 * a send again after a failure).
 */
export function TransferDownline() {
  const queryClient = useQueryClient();
  const requestId = useRef(newRequestId());
  const actor = useActorRef(
    downlineTransferMachine.provide({
      actors: {
        sendTransfer: fromPromise<TransferResult, TransferRequest>(async ({ input }) => {
          const { fresh, ...body } = input;
          if (fresh) requestId.current = newRequestId();
          const reply = await call(transferToDownline, { body: { ...body, requestId: requestId.current } });
          for (const queryKey of [['balance'], ['agent', 'team'], ['member']])
            void queryClient.invalidateQueries({ queryKey });
          return reply.value;
        }),
      },
    }),
    { inspect: liveInspect, input: {} },
  );
  const view = connectDownlineTransfer(
    useSelector(actor, (s) => s),
    actor.send,
  );
  return (
    <Section title={<Trans>Transfer to downline</Trans>}>
      {view.phase === 'editing' && <TransferForm view={view} />}
      {(view.phase === 'confirming' || view.phase === 'submitting') && <Summary view={view} />}
      {view.phase === 'done' && <Result view={view} />}
    </Section>
  );
}

type View = ReturnType<typeof connectDownlineTransfer>;

function TransferForm({ view }: { view: View }) {
  const { t } = useLingui();
  const money = useMoney();
  const amountMessage = useAmountMessage();
  const failure = useFailureText();
  const amountProblem = view.lines.amount.problem;
  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-3"
      aria-label={t`Transfer to downline`}
      onSubmit={(e) => {
        e.preventDefault();
        view.review();
      }}
    >
      <DownlinePicker view={view} />
      <AmountField
        label={<Trans>Amount</Trans>}
        value={view.amountText}
        onChange={(e) => view.changeAmount(e.target.value)}
        message={
          (amountProblem ? amountMessage(UI_AMOUNT[amountProblem], money.sign) : undefined) ??
          view.lines.amount.server ??
          undefined
        }
      />
      <TextField
        label={<Trans>Payment password</Trans>}
        type="password"
        autoComplete="off"
        inputMode="numeric"
        maxLength={MONEY_FIELDS.paymentPassword.max}
        value={view.paymentPassword}
        onChange={(e) => view.changePassword(e.target.value)}
        message={
          (view.lines.paymentPassword.problem ? t`This field is required` : undefined) ??
          view.lines.paymentPassword.server ??
          undefined
        }
      />
      {view.error && (
        <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
          {failure(view.error)}
        </p>
      )}
      <button type="submit" className={primaryButton}>
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}

/** The direct downline, searched by account: each a button that picks it as the receiver. */
function DownlinePicker({ view }: { view: View }) {
  const { t } = useLingui();
  const money = useMoney();
  const [typed, setTyped] = useState('');
  const account = typed.trim() || undefined;
  const list = useQuery(downlineQuery({ scope: 'direct', account, pageNo: 1 }));
  const isAgent = (agentType: number) => (AGENT_TYPES as readonly number[]).includes(agentType);
  const receiver = view.downline?.account;
  const message =
    (view.lines.downline.problem ? t`Choose an account of your direct downline` : undefined) ??
    view.lines.downline.server ??
    undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={message ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">
        <Trans>Receiver</Trans>
      </legend>
      <p className="text-sm" aria-live="polite">
        {receiver ? (
          <Trans>Sending to {receiver}</Trans>
        ) : (
          <span className="text-muted">
            <Trans>No account chosen yet.</Trans>
          </span>
        )}
      </p>
      <FilterText
        label={<Trans>Find a direct downline account</Trans>}
        placeholder={t`Account`}
        value={typed}
        onChange={setTyped}
      />
      {list.isError && (
        <p role="alert" className="text-sm text-danger">
          <Trans>The list could not load.</Trans>
        </p>
      )}
      <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-label={t`Direct downline`}>
        {list.data?.list.map((m) => {
          const chosen = view.downline?.id === m.id;
          return (
            <li key={m.id}>
              <button
                type="button"
                aria-pressed={chosen}
                onClick={() => view.pick({ id: m.id, account: m.account })}
                className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border px-3 text-left text-sm ${
                  chosen ? 'border-brand bg-brand/10' : 'border-line'
                }`}
              >
                <span className="font-medium">{m.account}</span>
                <span className="text-xs text-muted">
                  {isAgent(m.agentType) ? t`Agent` : t`Member`} · {money.format(m.balance)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {list.data && list.data.list.length === 0 && (
        <p className="text-sm text-muted">
          <Trans>No direct downline account matches.</Trans>
        </p>
      )}
      {message && <p className="text-sm text-danger">{message}</p>}
    </fieldset>
  );
}

function Summary({ view }: { view: View }) {
  const money = useMoney();
  const sending = view.phase === 'submitting';
  return (
    <div className="flex max-w-md flex-col gap-3">
      <p className="text-sm">
        <Trans>Please check the transfer before you confirm it.</Trans>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">
          <Trans>To</Trans>
        </dt>
        <dd className="font-medium">{view.downline?.account}</dd>
        <dt className="text-muted">
          <Trans>Amount</Trans>
        </dt>
        <dd className="font-medium tabular-nums">{money.format(view.amountMinor ?? 0)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} disabled={sending} onClick={view.back}>
          <Trans>Back</Trans>
        </button>
        <button type="button" className={primaryButton} disabled={sending} onClick={view.confirm}>
          {sending ? <Trans>Sending…</Trans> : <Trans>Confirm transfer</Trans>}
        </button>
      </div>
    </div>
  );
}

function Result({ view }: { view: View }) {
  const money = useMoney();
  const result = view.result;
  if (!result) return null;
  const amount = money.format(result.transfer.amount);
  const receiver = result.transfer.member.account;
  const balance = money.format(result.balance);
  const remaining = money.format(result.remainingToday);
  return (
    <div className="flex max-w-md flex-col gap-3">
      <Done focus>
        <Trans>
          Transferred {amount} to {receiver}. Your main wallet now holds {balance}; you can transfer{' '}
          {remaining} more today.
        </Trans>
      </Done>
      <div>
        <button type="button" className={secondaryButton} onClick={view.again}>
          <Trans>Make another transfer</Trans>
        </button>
      </div>
    </div>
  );
}

/** A failed send in the spec's words: the server's message, or the general network message (§8). */
function useFailureText() {
  const { t } = useLingui();
  return (error: { code: string; message?: string }) =>
    error.code !== 'NETWORK' && error.message ? error.message : t`Network abnormal, please try again.`;
}
