import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type PointReward, redeemReward } from '../../../contract/points.ts';
import { ApiError, call } from '../../api/client.ts';
import { newRequestId } from '../../api/requestId.ts';
import { Modal } from '../../ui/Modal.tsx';
import { CallError, primaryButton, serverField, TextField } from '../../ui/records/form.tsx';
import { invalidateAfterPoints } from './queries.ts';

/**
 * Redeeming a reward (spec §7 redeem, a password-check call): the member confirms with the login password. A wrong
 * password shows under the field and keeps what was typed; short points or an empty stock show above the button.
 */
export function RedeemDialog({
  reward,
  onClose,
  onRedeemed,
}: {
  reward: PointReward;
  onClose: () => void;
  onRedeemed: (name: string) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  // One request id per dialog: a retry after a lost answer gets the first redemption back, never a second.
  const [requestId] = useState(newRequestId);
  const redeem = useMutation({
    mutationFn: async () =>
      (await call(redeemReward, { body: { rewardId: reward.id, password, requestId } })).value,
    onSuccess: () => {
      invalidateAfterPoints(queryClient);
      onRedeemed(reward.name);
    },
    // Short points, no stock or a reward withdrawn: the mall shows what is true now (a wrong password changes nothing).
    onError: (error) => {
      if (error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND'))
        invalidateAfterPoints(queryClient);
    },
  });
  const message = missing ? t`Please enter your password` : serverField(redeem.error, 'password');
  return (
    <Modal open title={<Trans>Redeem {reward.name}</Trans>} closeLabel={t`Close`} onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (password === '') return setMissing(true);
          redeem.mutate();
        }}
      >
        <p>
          <Trans>
            {reward.name} costs <Plural value={reward.points} one="# point" other="# points" />. The points
            are taken now; the reward is In Process until it is approved.
          </Trans>
        </p>
        <TextField
          label={<Trans>Login password</Trans>}
          type="password"
          autoComplete="current-password"
          value={password}
          message={message}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing(false);
          }}
        />
        <CallError error={redeem.error} />
        <button type="submit" className={primaryButton} disabled={redeem.isPending}>
          <Trans>Confirm redemption</Trans>
        </button>
      </form>
    </Modal>
  );
}
