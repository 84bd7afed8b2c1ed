import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { claimPromotion, joinPromotion } from '../../../contract/promotionRoutes.ts';
import type { Promotion, PromotionState } from '../../../contract/promotions.ts';
import { call } from '../../api/client.ts';
import {
  CallError,
  Done,
  LoadError,
  primaryButton,
  Section,
  secondaryButton,
} from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { ApplyForm } from './ApplyForm.tsx';
import { useAudience, useGate, usePromotionMoney } from './audience.ts';
import { usePromotionLabels } from './labels.ts';
import { PromoCodeBox } from './PromoCodeBox.tsx';
import { invalidateAfterReward, myPromotionsQuery, putState } from './queries.ts';
import { TaskProgress } from './TaskProgress.tsx';

/**
 * How the reader takes part in one promotion (spec §4 activity status), by its kind and the member's status: the
 * application form (again after a rejection, with the operator's reason), a claim, joining a raffle, a task's
 * progress, or the promo code box. A visitor is asked to log in, a trial account to register.
 */
export function PromotionAction({ promotion }: { promotion: Promotion }) {
  const audience = useAudience();
  const gate = useGate();
  const labels = usePromotionLabels();
  if (promotion.kind === 'CODE' && audience !== 'member') return <PromoCodeBox />;
  let body: ReactNode;
  if (audience === 'starting') body = <Skeleton className="h-24 w-full" />;
  else if (audience === 'visitor')
    body = (
      <>
        <p className="text-sm text-muted">
          <Trans>Log in to take part in this promotion.</Trans>
        </p>
        <button type="button" className={`${primaryButton} self-start`} onClick={gate.login}>
          <Trans>Log in</Trans>
        </button>
      </>
    );
  else if (audience === 'trial')
    body = (
      <button type="button" className={`${primaryButton} self-start`} onClick={gate.register}>
        {labels.status.JOIN}
      </button>
    );
  else return <MemberAction promotion={promotion} />;
  return <Section title={<Trans>Take part</Trans>}>{body}</Section>;
}

function MemberAction({ promotion }: { promotion: Promotion }) {
  const mine = useQuery(myPromotionsQuery());
  if (mine.isError)
    return (
      <Section title={<Trans>Take part</Trans>}>
        <LoadError error={mine.error} onRetry={() => void mine.refetch()} />
      </Section>
    );
  if (!mine.data)
    return (
      <Section title={<Trans>Take part</Trans>}>
        <Skeleton className="h-24 w-full" />
      </Section>
    );
  const state: PromotionState = mine.data.find((s) => s.promotionId === promotion.id) ?? {
    promotionId: promotion.id,
    status: 'JOIN',
    reward: null,
    reviewRemark: null,
  };
  if (promotion.kind === 'CODE' && state.status !== 'CLAIMED') return <PromoCodeBox />;
  return <StateAction promotion={promotion} state={state} />;
}

function StateAction({ promotion, state }: { promotion: Promotion; state: PromotionState }) {
  const { t, i18n } = useLingui();
  const money = usePromotionMoney();
  const labels = usePromotionLabels();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const [reapplying, setReapplying] = useState(false);
  const { id, kind } = promotion;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: myPromotionsQuery().queryKey });
  const claim = useMutation({
    mutationFn: async () => (await call(claimPromotion, { params: { id } })).value,
    onSuccess: (r) => {
      putState(queryClient, r.state);
      invalidateAfterReward(queryClient);
      const paid = money.format(r.reward);
      setDone(t`${paid} added to your main wallet.`);
    },
    // Refused (claimed elsewhere, a new day began): show the state as it is now.
    onError: refresh,
  });
  const join = useMutation({
    mutationFn: async () => (await call(joinPromotion, { params: { id } })).value,
    onSuccess: (r) => {
      putState(queryClient, r.state);
      setDone(t`You have joined the raffle.`);
    },
    onError: refresh,
  });
  const reward = money.format(state.reward ?? promotion.reward);
  const reason = state.reviewRemark;
  const drawAt = promotion.drawAt
    ? i18n.date(promotion.drawAt, { dateStyle: 'medium', timeStyle: 'short' })
    : null;

  let body: ReactNode = null;
  switch (state.status) {
    case 'APPLYING':
      body = <p>{t`Your application is being reviewed.`}</p>;
      break;
    case 'ISSUED':
      body = <p>{t`Approved: ${reward} was paid into your main wallet.`}</p>;
      break;
    case 'CLAIMED':
      body = <p>{kind === 'CODE' ? t`You have redeemed this promo code.` : t`Claimed: ${reward}.`}</p>;
      break;
    case 'JOINED':
      body = (
        <p>
          {state.won === false
            ? t`You were not drawn this time.`
            : drawAt
              ? t`You have joined. The draw is on ${drawAt}.`
              : t`You have joined.`}
        </p>
      );
      break;
    case 'PROCESS':
      // A raffle past its draw time that the member did not join: nothing to do any more.
      body =
        kind === 'RAFFLE' ? (
          <p>{t`Joining has closed.`}</p>
        ) : (
          <TaskProgress promotion={promotion} progress={state.progress ?? 0} />
        );
      break;
    case 'CLAIM':
      body = (
        <>
          {state.won && <p className="font-semibold">{t`You were drawn!`}</p>}
          <ActionButton busy={claim.isPending} onClick={() => claim.mutate()}>
            {state.reward === null ? labels.status.CLAIM : t`Claim ${reward}`}
          </ActionButton>
        </>
      );
      break;
    case 'REJECTED':
      body = (
        <>
          <div role="note" className="rounded-lg bg-danger/10 px-3 py-2 text-sm">
            <p className="font-semibold text-danger">{t`Your application was rejected.`}</p>
            {reason && <p>{t`Reason: ${reason}`}</p>}
          </div>
          {reapplying ? (
            <ApplyForm
              promotionId={id}
              onApplied={(next) => {
                putState(queryClient, next);
                setReapplying(false);
                setDone(t`Application sent: it is being reviewed.`);
              }}
              onCancel={() => setReapplying(false)}
            />
          ) : (
            <button
              type="button"
              className={`${secondaryButton} self-start`}
              onClick={() => {
                setDone(null);
                setReapplying(true);
              }}
            >
              {t`Apply again`}
            </button>
          )}
        </>
      );
      break;
    case 'JOIN':
      if (kind === 'APPLY')
        body = (
          <ApplyForm
            promotionId={id}
            onApplied={(next) => {
              putState(queryClient, next);
              setDone(t`Application sent: it is being reviewed.`);
            }}
          />
        );
      else if (kind === 'RAFFLE')
        body = (
          <>
            {drawAt && <p className="text-sm text-muted">{t`The draw is on ${drawAt}.`}</p>}
            <ActionButton busy={join.isPending} onClick={() => join.mutate()}>
              {labels.status.JOIN}
            </ActionButton>
          </>
        );
      else if (kind === 'SIGN_IN')
        body = (
          <ActionButton busy={claim.isPending} onClick={() => claim.mutate()}>
            {labels.status.CLAIM}
          </ActionButton>
        );
      else body = <TaskProgress promotion={promotion} progress={state.progress ?? 0} />;
      break;
  }
  const status = labels.status[state.status];
  return (
    <Section title={<Trans>Take part</Trans>}>
      <p className="text-sm">
        <Trans>
          Status: <strong>{status}</strong>
        </Trans>
      </p>
      {done && <Done>{done}</Done>}
      {body}
      <CallError error={claim.error ?? join.error} />
    </Section>
  );
}

function ActionButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${primaryButton} self-start`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
