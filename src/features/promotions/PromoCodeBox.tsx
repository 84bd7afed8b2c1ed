import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { redeemPromoCode } from '../../../contract/promotionRoutes.ts';
import { call } from '../../api/client.ts';
import {
  Done,
  primaryButton,
  Section,
  serverField,
  TextField,
  useErrorText,
} from '../../ui/records/form.tsx';
import { useAudience, useGate, usePromotionMoney } from './audience.ts';
import { invalidateAfterReward, myPromotionsQuery } from './queries.ts';

/**
 * A promo code (spec §2 promo codes): its reward goes into the main wallet and the header's balance is read again.
 * Whatever is wrong — empty, unknown, used — shows under the field, and what was typed stays. A visitor is asked to
 * log in, a trial account to register.
 */
export function PromoCodeBox() {
  const { t } = useLingui();
  const money = usePromotionMoney();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const audience = useAudience();
  const gate = useGate();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const [paid, setPaid] = useState<number | null>(null);
  const redeem = useMutation({
    mutationFn: async (typed: string) => (await call(redeemPromoCode, { body: { code: typed } })).value,
    onSuccess: (r) => {
      setPaid(r.reward);
      setCode('');
      invalidateAfterReward(queryClient);
      void queryClient.invalidateQueries({ queryKey: myPromotionsQuery().queryKey });
    },
  });
  const message = empty
    ? t`Input must not be empty`
    : redeem.error
      ? (serverField(redeem.error, 'code') ?? errorText(redeem.error))
      : undefined;
  const reward = paid === null ? '' : money.format(paid);
  return (
    <Section title={<Trans>Promo code</Trans>}>
      {paid !== null && (
        <Done>
          <Trans>Promo code accepted: {reward} added to your main wallet.</Trans>
        </Done>
      )}
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          if (audience === 'visitor') return gate.login();
          if (audience === 'trial') return gate.register();
          if (audience !== 'member') return;
          setPaid(null);
          const typed = code.trim();
          setEmpty(typed === '');
          if (typed === '') return redeem.reset();
          redeem.mutate(typed);
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField
            label={<Trans>Enter a promo code</Trans>}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={code}
            message={message}
            onChange={(e) => {
              setCode(e.target.value);
              setEmpty(false);
            }}
          />
        </div>
        <button
          type="submit"
          className={`${primaryButton} sm:mt-6`}
          disabled={redeem.isPending}
          aria-busy={redeem.isPending || undefined}
        >
          {audience === 'visitor' ? <Trans>Log in to redeem</Trans> : <Trans>Redeem</Trans>}
        </button>
      </form>
    </Section>
  );
}
