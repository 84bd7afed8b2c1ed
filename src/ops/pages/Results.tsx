import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type AwaitingDraw, opsAwaitingResults, opsEnterResults } from '../../../contract/lotteryResults.ts';
import { ApiError } from '../../api/client.ts';
import { LoadError } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { ExportCsv } from '../ExportCsv.tsx';
import { useOpsFormat } from '../format.ts';
import { ConfirmDialog, cell, opsButton, opsInlineInput, row } from '../ui.tsx';

type Outcome = { state: 'PENDING' | 'CONFIRMED' | 'MISMATCH'; differs: string[]; settled: number };

/**
 * Official lottery results (XSMB, XSMT, XSMN): the draws past their time without confirmed results, and entry with
 * maker-checker. Every entry starts empty (the first operator's numbers are never shown), so the second operator
 * types the results blind; a difference is named prize by prize only after that second entry.
 */
export function Results() {
  const { t } = useLingui();
  const { when } = useOpsFormat();
  const queryClient = useQueryClient();
  const [entering, setEntering] = useState<AwaitingDraw | null>(null);
  const [outcome, setOutcome] = useState<{ draw: AwaitingDraw; result: Outcome } | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'lottery-results'],
    queryFn: async () => (await opsCall(opsAwaitingResults)).value,
  });
  const data = list.data;
  const feed = data?.source.feed;

  return (
    <div className="flex flex-col gap-4">
      {data && (
        <section aria-label={t`Results source`} className="rounded-lg border border-line p-3 text-sm">
          {data.source.mode === 'development' ? (
            <p>
              <Trans>
                Development results: this server draws the official lotteries itself, labelled as development
                results. Never used in production.
              </Trans>
            </p>
          ) : feed ? (
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="text-muted">
                <Trans>Results feed</Trans>
              </dt>
              <dd className="font-mono break-all">
                {feed.name} ·{' '}
                {feed.trusted ? (
                  <Trans>settles at once</Trans>
                ) : (
                  <Trans>an operator confirms each result</Trans>
                )}
              </dd>
              <dt className="text-muted">
                <Trans>Last answer</Trans>
              </dt>
              <dd>{feed.okAt ? when(feed.okAt) : '—'}</dd>
              {feed.error && feed.errorAt && (
                <>
                  <dt className="text-danger">
                    <Trans>Last error</Trans>
                  </dt>
                  <dd className="text-danger break-all">
                    {when(feed.errorAt)}: {feed.error}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p>
              <Trans>No results feed: two operators enter each draw’s results here.</Trans>
            </p>
          )}
          <p className="mt-1 text-xs text-muted">
            {t`A draw without confirmed results ${plural(data.source.deadlineHours, { one: '# hour', other: '# hours' })} after its time is voided and its bets refunded.`}
          </p>
        </section>
      )}
      {outcome && <OutcomeNote {...outcome} />}
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? null : data.list.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No draw is awaiting official results.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <ExportCsv reply={data} />
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{t`Draws awaiting official results`}</caption>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className={cell}>{t`Lottery`}</th>
                <th scope="col" className={cell}>{t`Issue`}</th>
                <th scope="col" className={cell}>{t`Draw time`}</th>
                <th scope="col" className={cell}>{t`Voided at`}</th>
                <th scope="col" className={`${cell} text-right`}>{t`Bets`}</th>
                <th scope="col" className={cell}>{t`State`}</th>
                <th scope="col" className={cell}>
                  <span className="sr-only">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((d) => {
                const name = `${d.name} (${d.gameCode})`;
                const issue = d.issue;
                const by = d.pending?.enteredBy ?? '';
                const prizes = d.lastMismatch?.differs.join(', ') ?? '';
                return (
                  <tr key={`${d.gameCode}-${d.issue}`} className={row}>
                    <td className={cell}>{name}</td>
                    <td className={`${cell} font-mono text-xs`}>{issue}</td>
                    <td className={cell}>{when(d.drawTime)}</td>
                    <td className={cell}>{when(d.voidAt)}</td>
                    <td className={`${cell} text-right tabular-nums`}>{d.bets}</td>
                    <td className={cell}>
                      {d.pending ? (
                        d.pending.source === 'FEED' ? (
                          <Trans>From the feed: awaiting an operator’s confirmation</Trans>
                        ) : (
                          <Trans>Entered by {by}: awaiting a second operator</Trans>
                        )
                      ) : (
                        <Trans>Awaiting entry</Trans>
                      )}
                      {d.lastMismatch && (
                        <p className="text-xs text-danger">
                          <Trans>Last entries differed on {prizes}</Trans>
                        </p>
                      )}
                    </td>
                    <td className={cell}>
                      <button
                        type="button"
                        className={opsButton}
                        aria-label={
                          d.pending
                            ? t`Confirm results of ${name} ${issue}`
                            : t`Enter results of ${name} ${issue}`
                        }
                        onClick={() => {
                          setOutcome(null);
                          setEntering(d);
                        }}
                      >
                        {d.pending ? <Trans>Confirm</Trans> : <Trans>Enter results</Trans>}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {entering && (
        <EntryDialog
          key={`${entering.gameCode}-${entering.issue}`}
          draw={entering}
          onClose={() => setEntering(null)}
          onDone={(result) => {
            setOutcome({ draw: entering, result });
            setEntering(null);
            void queryClient.invalidateQueries({ queryKey: ['ops', 'lottery-results'] });
          }}
        />
      )}
    </div>
  );
}

function OutcomeNote({ draw, result }: { draw: AwaitingDraw; result: Outcome }) {
  const { t } = useLingui();
  const name = `${draw.gameCode} ${draw.issue}`;
  const prizes = result.differs.join(', ');
  const text =
    result.state === 'PENDING'
      ? t`Results of ${name} entered. A different operator confirms them by entering them again.`
      : result.state === 'CONFIRMED'
        ? t`Results of ${name} confirmed: ${plural(result.settled, { one: '# bet settled', other: '# bets settled' })}.`
        : t`The two entries of ${name} differ on ${prizes}. Both operators enter the results again.`;
  return (
    <p
      role="status"
      className={`rounded-lg px-3 py-2 text-sm ${result.state === 'MISMATCH' ? 'bg-danger/10 text-danger' : 'bg-success/10'}`}
    >
      {text}
    </p>
  );
}

/** One input per number, in prize order; typed blind (never prefilled). */
function EntryDialog({
  draw,
  onClose,
  onDone,
}: {
  draw: AwaitingDraw;
  onClose: () => void;
  onDone: (result: Outcome) => void;
}) {
  const { t } = useLingui();
  const total = draw.prizes.reduce((n, p) => n + p.count, 0);
  const [numbers, setNumbers] = useState<string[]>(() => Array.from({ length: total }, () => ''));
  const enter = useMutation({
    mutationFn: async () =>
      (
        await opsCall(opsEnterResults, {
          params: { gameCode: draw.gameCode, issue: draw.issue },
          body: { numbers },
        })
      ).value,
    onSuccess: onDone,
  });
  const fields = enter.error instanceof ApiError ? enter.error.fields : {};
  const name = `${draw.name} (${draw.gameCode})`;
  const issue = draw.issue;
  let index = 0;
  return (
    <ConfirmDialog
      open
      title={t`Results of ${name} ${issue}`}
      confirmLabel={<Trans>Submit</Trans>}
      pending={enter.isPending}
      error={enter.error}
      onConfirm={() => enter.mutate()}
      onClose={onClose}
    >
      <p className="text-xs text-muted">
        {t`Type ${plural(total, { one: 'the # number', other: 'all # numbers' })} from the official results, in prize order. A second operator types them again to confirm.`}
      </p>
      <div className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
        {draw.prizes.map((p) => {
          const label = p.label;
          const digits = p.digits;
          return (
            <fieldset key={p.label} className="m-0 flex flex-wrap items-center gap-1 border-0 p-0">
              <legend className="w-10 float-left text-sm font-semibold">{label}</legend>
              {Array.from({ length: p.count }, (_, k) => {
                const i = index++;
                const n = k + 1;
                const problem = fields[`numbers.${i}`];
                return (
                  <span key={i} className="flex flex-col">
                    <input
                      className={`${opsInlineInput} font-mono tabular-nums`}
                      style={{ width: `${digits + 3}ch` }}
                      aria-label={p.count > 1 ? t`${label}, number ${n}` : label}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={digits}
                      placeholder={'0'.repeat(digits)}
                      value={numbers[i]}
                      aria-invalid={problem ? true : undefined}
                      title={problem}
                      onChange={(e) => {
                        const next = [...numbers];
                        next[i] = e.target.value.replace(/\D/g, '');
                        setNumbers(next);
                      }}
                    />
                  </span>
                );
              })}
            </fieldset>
          );
        })}
      </div>
    </ConfirmDialog>
  );
}
