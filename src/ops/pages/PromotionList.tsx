import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type OpsPromotion,
  opsCreatePromotion,
  opsDrawRaffle,
  opsPromotionEntries,
  opsPromotions,
  opsUpdatePromotion,
} from '../../../contract/promotions.ts';
import { CallError } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { CrudPage, useDoneLine } from '../CrudPage.tsx';
import { useOpsFormat } from '../format.ts';
import { CATEGORY_LABEL, KIND_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { ConfirmDialog, cell, opsButton } from '../ui.tsx';
import { PromotionForm } from './PromotionForm.tsx';

export const promotionsKey = (code: string) => ['ops', 'promotions', code];

const loadPromotions = async (code: string) => (await opsCall(opsPromotions, { params: { code } })).value;

/** The list the page shows (the applications page reads titles from it). */
export function usePromotions() {
  const { merchant } = useOps();
  return useQuery({ queryKey: promotionsKey(merchant.code), queryFn: () => loadPromotions(merchant.code) });
}

/**
 * Every promotion of the merchant (hidden and ended too) with its entries; add, hide or show, draw a raffle. A new
 * promotion runs once its reward is approved on the Pending changes page.
 */
export function PromotionList({ onReview }: { onReview: (promotionId: number) => void }) {
  const { t, i18n } = useLingui();
  const may = useMay();
  const queryClient = useQueryClient();
  const { merchant } = useOps();
  const { money, when } = useOpsFormat();
  const [drawing, setDrawing] = useState<OpsPromotion | null>(null);
  const done = useDoneLine();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['ops', 'promotions'] });
  const visibility = useMutation({
    mutationFn: async (p: OpsPromotion) =>
      (await opsCall(opsUpdatePromotion, { params: { id: p.id }, body: { hidden: !p.hidden } })).value
        .promotion,
    onSuccess: (p) => {
      const title = p.titles.en ?? '';
      done.say(p.hidden ? t`"${title}" is hidden from members.` : t`"${title}" is shown to members.`);
      void reload();
    },
  });
  const draw = useMutation({
    mutationFn: async (p: OpsPromotion) => (await opsCall(opsDrawRaffle, { params: { id: p.id } })).value,
    onSuccess: ({ winners, entries }) => {
      setDrawing(null);
      const names = winners.join(', ');
      const drawn = winners.length;
      done.say(
        t`Drawn: ${plural(drawn, { one: '# winner', other: '# winners' })} of ${plural(entries, { one: '# entry', other: '# entries' })}. ${names}`,
      );
      void reload();
    },
  });
  const title = (p: OpsPromotion) => p.titles.en ?? Object.values(p.titles)[0] ?? `#${p.id}`;

  return (
    <CrudPage<OpsPromotion, never>
      listKey="promotions"
      load={loadPromotions}
      add={
        may(opsCreatePromotion)
          ? {
              label: <Trans>Add promotion</Trans>,
              form: ({ close, done: added }) => (
                <PromotionForm
                  onClose={close}
                  onDone={(p) => {
                    const name = title(p);
                    added(
                      t`Promotion "${name}" added. It runs once a finance operator or an administrator approves its reward (Pending changes).`,
                    );
                  }}
                />
              ),
            }
          : null
      }
      done={done}
      notes={visibility.isError && <CallError error={visibility.error} />}
      table={{
        caption: t`Promotions of ${merchant.code}`,
        empty: <Trans>No promotions yet.</Trans>,
        minWidth: '60rem',
        columns: [
          { head: <Trans>Title</Trans> },
          { head: <Trans>Category</Trans> },
          { head: <Trans>Kind</Trans> },
          { head: <Trans>Reward</Trans>, end: true },
          { head: <Trans>Runs</Trans> },
          { head: <Trans>Entries</Trans>, end: true },
          { head: <Trans>Shown</Trans> },
        ],
        cells: (p) => (
          <>
            <td className={cell}>{title(p)}</td>
            <td className={cell}>{i18n._(CATEGORY_LABEL[p.category])}</td>
            <td className={cell}>
              {i18n._(KIND_LABEL[p.settings.kind])}
              {p.settings.kind === 'CODE' && <div className="font-mono text-xs">{p.settings.code}</div>}
            </td>
            <td className={`${cell} text-right tabular-nums`}>{money(p.reward)}</td>
            <td className={`${cell} text-xs`}>
              {when(p.startsAt)} – {p.endsAt ? when(p.endsAt) : <Trans>open</Trans>}
            </td>
            <td className={`${cell} text-right tabular-nums`}>
              {p.entries}
              {p.pending > 0 && (
                <div className="text-xs text-warning">
                  <Trans>{p.pending} pending</Trans>
                </div>
              )}
            </td>
            <td className={cell}>
              {p.hidden ? <Trans>Hidden</Trans> : <Trans>Shown</Trans>}
              {!p.approved && (
                <div className="text-xs text-warning">
                  <Trans>Not running: reward awaiting approval</Trans>
                </div>
              )}
            </td>
          </>
        ),
      }}
      actions={(p) => (
        <>
          {may(opsUpdatePromotion) && (
            <button
              type="button"
              className={opsButton}
              disabled={visibility.isPending}
              aria-label={p.hidden ? t`Show ${title(p)}` : t`Hide ${title(p)}`}
              onClick={() => {
                done.say(null);
                visibility.mutate(p);
              }}
            >
              {p.hidden ? <Trans>Show</Trans> : <Trans>Hide</Trans>}
            </button>
          )}
          {p.settings.kind === 'APPLY' && may(opsPromotionEntries) && (
            <button
              type="button"
              className={opsButton}
              aria-label={t`Applications to ${title(p)}`}
              onClick={() => onReview(p.id)}
            >
              <Trans>Applications</Trans>
            </button>
          )}
          {p.settings.kind === 'RAFFLE' && may(opsDrawRaffle) && (
            <button
              type="button"
              className={opsButton}
              aria-label={t`Draw ${title(p)}`}
              onClick={() => {
                draw.reset();
                done.say(null);
                setDrawing(p);
              }}
            >
              <Trans>Draw</Trans>
            </button>
          )}
        </>
      )}
    >
      {drawing && (
        <ConfirmDialog
          open
          title={t`Draw ${title(drawing)}`}
          confirmLabel={<Trans>Draw now</Trans>}
          pending={draw.isPending}
          error={draw.error}
          onClose={() => setDrawing(null)}
          onConfirm={() => draw.mutate(drawing)}
        >
          <p>
            <Trans>The winners are drawn once, from the members who joined; they may then claim.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </CrudPage>
  );
}
