import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { convertPoints, moneyFor, type PointsConfig } from '../../../contract/points.ts';
import { call } from '../../api/client.ts';
import { newRequestId } from '../../api/requestId.ts';
import {
  CallError,
  Done,
  primaryButton,
  Section,
  secondaryButton,
  serverField,
  TextField,
} from '../../ui/records/form.tsx';
import { useMoney } from '../../ui/records/useMoney.ts';
import { invalidateAfterPoints } from './queries.ts';

/** Points to money (spec §7 convert): the amount is shown while typing and asked to be confirmed before it moves. */
export function ConvertForm({ points, config }: { points: number; config: PointsConfig }) {
  const { t } = useLingui();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<{ points: number; amount: number } | null>(null);
  const convert = useMutation({
    // The same request id until it succeeds: a retry after a lost answer gets the first conversion back.
    mutationFn: async (wanted: number) =>
      (await call(convertPoints, { body: { points: wanted, requestId } })).value,
    onSuccess: (r) => {
      setRequestId(newRequestId());
      setDone({ points: r.points, amount: r.amount });
      setTyped('');
      setShown(false);
      setConfirming(false);
      invalidateAfterPoints(queryClient, true);
    },
    onError: () => setConfirming(false),
  });
  const wanted = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : null;
  const problem =
    typed.trim() === ''
      ? t`Please enter the points to convert`
      : wanted === null
        ? t`Enter whole points, such as 500`
        : wanted < config.minConvert
          ? t`${plural(config.minConvert, { one: 'Convert at least # point', other: 'Convert at least # points' })}`
          : wanted > points
            ? t`Not enough points`
            : null;
  const amount = wanted === null ? 0 : money.format(moneyFor(wanted, config.convertRate));
  const rate = money.format(config.convertRate);
  const message = (shown ? problem : null) ?? serverField(convert.error, 'points');
  const doneText = done && {
    points: done.points,
    amount: money.format(done.amount),
  };
  return (
    <Section title={<Trans>Convert points</Trans>}>
      <p className="text-sm text-muted">
        <Trans>
          100 points are worth {rate}, paid into your main wallet. From{' '}
          <Plural value={config.minConvert} one="# point" other="# points" />.
        </Trans>
      </p>
      {doneText && (
        <Done>
          <Trans>
            <Plural value={doneText.points} one="# point" other="# points" /> converted: {doneText.amount}{' '}
            added to your main wallet.
          </Trans>
        </Done>
      )}
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setShown(true);
          setDone(null);
          if (problem || wanted === null) return;
          if (!confirming) return setConfirming(true);
          convert.mutate(wanted);
        }}
      >
        <TextField
          label={<Trans>Points to convert</Trans>}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          message={message}
          readOnly={confirming}
          hint={wanted !== null && !problem ? <Trans>You receive {amount}</Trans> : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            setConfirming(false);
          }}
        />
        <CallError error={convert.error} />
        {confirming && wanted !== null ? (
          <div className="flex flex-col gap-2">
            <p role="status" className="font-semibold">
              <Trans>
                Convert <Plural value={wanted} one="# point" other="# points" /> into {amount}?
              </Trans>
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={primaryButton} disabled={convert.isPending}>
                <Trans>Confirm</Trans>
              </button>
              <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className={primaryButton}>
            <Trans>Convert</Trans>
          </button>
        )}
      </form>
    </Section>
  );
}
