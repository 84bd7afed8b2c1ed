import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ContractKind,
  type ContractPeriod,
  type ContractTier,
  contractKind,
  contractPeriod,
  opsGrantContract,
  opsSettleContracts,
  TIER_LIMITS,
} from '../../../contract/agent.ts';
import { parseAmount } from '../../ui/records/amount.ts';
import { Done, serverField, useAmountMessage } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { CONTRACT_KIND_LABEL, PERIOD_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { ConfirmDialog, FormEnd, InputField, opsButton, Panel, SelectField } from '../ui.tsx';

/** Spec §3: at most 10 tiers. */

interface TypedTier {
  activeMembers: string;
  bet: string;
  rate: string;
}
const NEW_TIER: TypedTier = { activeMembers: '0', bet: '0', rate: '' };

/** A top agent's contract from the house (its tiers), and contract settlement run now instead of by the job. */
export function Contracts() {
  const may = useMay();
  return (
    <>
      {may(opsGrantContract) && <GrantForm />}
      {may(opsSettleContracts) && <SettleNow />}
    </>
  );
}

function GrantForm() {
  const { t, i18n } = useLingui();
  const amountMessage = useAmountMessage();
  const { merchant } = useOps();
  const { sign } = useOpsFormat();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<ContractKind>('DAILY_SALARY');
  const [period, setPeriod] = useState<ContractPeriod>('M');
  const [tiers, setTiers] = useState<TypedTier[]>([NEW_TIER]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const grant = useMutation({
    mutationFn: async (read: ContractTier[]) =>
      (
        await opsCall(opsGrantContract, {
          params: { code: merchant.code },
          body: { account, kind, tiers: read, ...(kind === 'DIVIDEND' ? { period } : {}) },
        })
      ).value,
  });
  const message = (key: string) => problems[key] ?? serverField(grant.error, key);
  const setTier = (i: number, change: Partial<TypedTier>) =>
    setTiers(tiers.map((tier, j) => (j === i ? { ...tier, ...change } : tier)));

  const submit = () => {
    const found: Record<string, string> = {};
    const read = tiers.map((tier, i): ContractTier => {
      const bet = /^\s*0*\s*$/.test(tier.bet) ? { ok: true as const, minor: 0 } : parseAmount(tier.bet);
      const rate = parseAmount(tier.rate);
      if (!bet.ok) found[`tiers.${i}.betAmount`] = amountMessage(bet.problem, sign) ?? '';
      if (!rate.ok) found[`tiers.${i}.rateBp`] = t`Enter a rate such as 0.3 or 1.25`;
      return {
        activeMembers: Number(tier.activeMembers || 0),
        betAmount: bet.ok ? bet.minor : 0,
        // A percent with 2 decimals is a whole number of basis points.
        rateBp: rate.ok ? rate.minor : 0,
      };
    });
    setProblems(found);
    if (Object.keys(found).length === 0) grant.mutate(read);
  };

  return (
    <Panel title={<Trans>Grant a contract</Trans>}>
      {grant.data && (
        <Done>
          {t`${grant.data.downline.account} has a ${i18n._(CONTRACT_KIND_LABEL[grant.data.kind])} contract with ${grant.data.tiers.length} tiers.`}
        </Done>
      )}
      <form
        noValidate
        className="grid gap-2 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <InputField
          label={<Trans>Agent account</Trans>}
          value={account}
          message={message('account')}
          onChange={(e) => setAccount(e.target.value)}
        />
        <SelectField
          label={<Trans>Kind</Trans>}
          value={kind}
          onChange={(e) => setKind(e.target.value as ContractKind)}
        >
          {contractKind.options.map((k) => (
            <option key={k} value={k}>
              {i18n._(CONTRACT_KIND_LABEL[k])}
            </option>
          ))}
        </SelectField>
        {kind === 'DIVIDEND' && (
          <SelectField
            label={<Trans>Period</Trans>}
            value={period}
            message={message('period')}
            onChange={(e) => setPeriod(e.target.value as ContractPeriod)}
          >
            {contractPeriod.options.map((p) => (
              <option key={p} value={p}>
                {i18n._(PERIOD_LABEL[p])}
              </option>
            ))}
          </SelectField>
        )}
        <fieldset className="flex flex-col gap-2 sm:col-span-full">
          <legend className="text-xs font-medium text-muted">
            <Trans>Tiers</Trans>
          </legend>
          {message('tiers') && <p className="text-xs text-danger">{message('tiers')}</p>}
          {tiers.map((tier, i) => (
            <div
              key={i}
              className="grid items-end gap-2 rounded-md bg-surface p-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
            >
              <InputField
                label={<Trans>Tier {i + 1}: active members</Trans>}
                type="number"
                min={0}
                step={1}
                value={tier.activeMembers}
                message={message(`tiers.${i}.activeMembers`)}
                onChange={(e) => setTier(i, { activeMembers: e.target.value })}
              />
              <InputField
                label={<Trans>Tier {i + 1}: bet amount</Trans>}
                inputMode="decimal"
                value={tier.bet}
                message={message(`tiers.${i}.betAmount`)}
                onChange={(e) => setTier(i, { bet: e.target.value })}
              />
              <InputField
                label={<Trans>Tier {i + 1}: rate, %</Trans>}
                inputMode="decimal"
                value={tier.rate}
                message={message(`tiers.${i}.rateBp`)}
                onChange={(e) => setTier(i, { rate: e.target.value })}
              />
              <button
                type="button"
                className={opsButton}
                disabled={tiers.length === 1}
                aria-label={t`Remove tier ${i + 1}`}
                onClick={() => setTiers(tiers.filter((_, j) => j !== i))}
              >
                <Trans>Remove</Trans>
              </button>
            </div>
          ))}
          <div>
            <button
              type="button"
              className={opsButton}
              disabled={tiers.length >= TIER_LIMITS.tiers}
              onClick={() => setTiers([...tiers, NEW_TIER])}
            >
              <Trans>Add tier</Trans>
            </button>
          </div>
        </fieldset>
        <FormEnd error={grant.error} pending={grant.isPending} submit={<Trans>Grant</Trans>} />
      </form>
    </Panel>
  );
}

/** Pays every contract window that has ended, now. */
function SettleNow() {
  const { merchant } = useOps();
  const { money } = useOpsFormat();
  const [asking, setAsking] = useState(false);
  const settle = useMutation({
    mutationFn: async () =>
      (await opsCall(opsSettleContracts, { params: { code: merchant.code }, body: {} })).value,
    onSuccess: () => setAsking(false),
  });
  const result = settle.data;
  const paid = result ? money(result.paid) : '';
  return (
    <Panel
      title={<Trans>Settlement</Trans>}
      actions={
        <button
          type="button"
          className={opsButton}
          onClick={() => {
            settle.reset();
            setAsking(true);
          }}
        >
          <Trans>Settle now</Trans>
        </button>
      }
    >
      <p className="text-muted">
        <Trans>
          Contract windows are settled by the job; this pays the ended ones of {merchant.code} at once.
        </Trans>
      </p>
      {result && (
        <Done>
          <Trans>
            {result.settled} windows settled, {paid} paid.
          </Trans>
        </Done>
      )}
      {asking && (
        <ConfirmDialog
          open
          title={<Trans>Settle contracts of {merchant.code} now?</Trans>}
          confirmLabel={<Trans>Settle now</Trans>}
          pending={settle.isPending}
          error={settle.error}
          onClose={() => setAsking(false)}
          onConfirm={() => settle.mutate()}
        />
      )}
    </Panel>
  );
}
