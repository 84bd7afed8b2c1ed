import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type OpsPromotion,
  opsCreatePromotion,
  type PromotionCategory,
  type PromotionKind,
  type PromotionSettings,
  promotionCategory,
  promotionKind,
} from '../../../contract/promotions.ts';
import { parseAmount } from '../../ui/records/amount.ts';
import { serverField, useAmountMessage } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { isoFromLocal } from '../format.ts';
import { filled, LanguageFields, NO_TEXTS, type Texts } from '../LanguageFields.tsx';
import { CATEGORY_LABEL, KIND_LABEL } from '../labels.ts';
import { useOps } from '../session.ts';
import { FormEnd, FormPanel, InputField, SelectField } from '../ui.tsx';

/** The kind's settings as typed: amounts and rates as text (2 decimals; a rate in percent), counts as digits. */
interface Typed {
  code: string;
  maxUses: string;
  minLoss: string;
  rate: string;
  maxReward: string;
  target: string;
  drawAt: string;
  winners: string;
}
const NOTHING_TYPED: Typed = {
  code: '',
  maxUses: '',
  minLoss: '',
  rate: '',
  maxReward: '',
  target: '',
  drawAt: '',
  winners: '',
};

type Problems = Partial<Record<keyof Typed | 'reward', string>>;

/** A new promotion of a kind, with that kind's figures; the server checks it whole and names the fields it refuses. */
export function PromotionForm({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (p: OpsPromotion) => void;
}) {
  const { t, i18n } = useLingui();
  const amountMessage = useAmountMessage();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<PromotionCategory>('OTHER');
  const [kind, setKind] = useState<PromotionKind>('APPLY');
  const [titles, setTitles] = useState<Texts>(NO_TEXTS);
  const [summaries, setSummaries] = useState<Texts>(NO_TEXTS);
  const [contents, setContents] = useState<Texts>(NO_TEXTS);
  const [reward, setReward] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [typed, setTyped] = useState<Typed>(NOTHING_TYPED);
  const [problems, setProblems] = useState<Problems>({});
  const sign = merchant.brand.currencySign;

  const create = useMutation({
    mutationFn: async (body: { reward: number; settings: PromotionSettings }) =>
      (
        await opsCall(opsCreatePromotion, {
          params: { code: merchant.code },
          body: {
            category,
            titles: filled(titles),
            ...optionalTexts('summaries', summaries),
            ...optionalTexts('contents', contents),
            reward: body.reward,
            settings: body.settings,
            ...(isoFromLocal(startsAt) ? { startsAt: isoFromLocal(startsAt) } : {}),
            ...(isoFromLocal(endsAt) ? { endsAt: isoFromLocal(endsAt) } : {}),
          },
        })
      ).value.promotion,
    onSuccess: (p) => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'promotions'] });
      onDone(p);
    },
  });

  /** Reads the typed figures; the first wrong one of each field is said under it, and nothing is sent. */
  const submit = () => {
    const found: Problems = {};
    const amount = (field: keyof Problems, text: string, optional = false): number => {
      if (optional && text.trim() === '') return 0;
      const read = parseAmount(text);
      if (read.ok) return read.minor;
      found[field] = amountMessage(read.problem, sign);
      return 0;
    };
    const count = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const value = amount('reward', reward, true);
    const settings = ((): PromotionSettings => {
      switch (kind) {
        case 'CODE':
          return { kind, code: typed.code, maxUses: count(typed.maxUses) };
        case 'RESCUE':
          return {
            kind,
            minLoss: amount('minLoss', typed.minLoss),
            rateBp: amount('rate', typed.rate),
            maxReward: amount('maxReward', typed.maxReward),
          };
        case 'DAILY_TASK':
          return { kind, target: amount('target', typed.target) };
        case 'RAFFLE':
          return { kind, drawAt: isoFromLocal(typed.drawAt) ?? '', winners: count(typed.winners) ?? 0 };
        default:
          return { kind };
      }
    })();
    setProblems(found);
    if (Object.keys(found).length === 0) create.mutate({ reward: value, settings });
  };

  const settingsField = (field: keyof Typed, label: React.ReactNode, extra: object = {}) => (
    <InputField
      label={label}
      value={typed[field]}
      message={
        problems[field] ?? serverField(create.error, `settings.${field === 'rate' ? 'rateBp' : field}`)
      }
      onChange={(e) => setTyped({ ...typed, [field]: e.target.value })}
      {...extra}
    />
  );
  const money = { inputMode: 'decimal', autoComplete: 'off', placeholder: '0.00' } as const;
  const whole = { type: 'number', min: 1, step: 1 } as const;

  return (
    <FormPanel title=<Trans>New promotion</Trans> onSubmit={() => submit()}>
      <SelectField
        label={<Trans>Category</Trans>}
        value={category}
        onChange={(e) => setCategory(e.target.value as PromotionCategory)}
      >
        {promotionCategory.options.map((c) => (
          <option key={c} value={c}>
            {i18n._(CATEGORY_LABEL[c])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={<Trans>Kind</Trans>}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as PromotionKind);
          setProblems({});
        }}
      >
        {promotionKind.options.map((k) => (
          <option key={k} value={k}>
            {i18n._(KIND_LABEL[k])}
          </option>
        ))}
      </SelectField>
      {kind === 'CODE' && (
        <>
          {settingsField('code', <Trans>Promo code</Trans>, { autoCapitalize: 'characters' })}
          {settingsField('maxUses', <Trans>Most uses (optional)</Trans>, whole)}
        </>
      )}
      {kind === 'RESCUE' && (
        <>
          {settingsField('minLoss', <Trans>Least net loss</Trans>, money)}
          {settingsField('rate', <Trans>Share of the loss, %</Trans>, { ...money, placeholder: '5' })}
          {settingsField('maxReward', <Trans>Most one claim pays</Trans>, money)}
        </>
      )}
      {kind === 'DAILY_TASK' && settingsField('target', <Trans>Day's bet target</Trans>, money)}
      {kind === 'RAFFLE' && (
        <>
          {settingsField('drawAt', <Trans>Draw time</Trans>, { type: 'datetime-local' })}
          {settingsField('winners', <Trans>Winners</Trans>, whole)}
        </>
      )}
      {kind !== 'RESCUE' && (
        <InputField
          label={<Trans>Reward</Trans>}
          hint={kind === 'APPLY' ? t`An approval may give another amount.` : undefined}
          value={reward}
          message={problems.reward ?? serverField(create.error, 'reward')}
          onChange={(e) => setReward(e.target.value)}
          {...money}
        />
      )}
      <InputField
        label={<Trans>Starts (optional)</Trans>}
        type="datetime-local"
        value={startsAt}
        message={serverField(create.error, 'startsAt')}
        onChange={(e) => setStartsAt(e.target.value)}
      />
      <InputField
        label={<Trans>Ends (optional)</Trans>}
        type="datetime-local"
        value={endsAt}
        message={serverField(create.error, 'endsAt')}
        onChange={(e) => setEndsAt(e.target.value)}
      />
      <LanguageFields
        name="titles"
        label={(language) => <Trans>Title ({language})</Trans>}
        texts={titles}
        onChange={setTitles}
        error={create.error}
        maxLength={120}
      />
      <LanguageFields
        name="summaries"
        label={(language) => <Trans>Summary ({language})</Trans>}
        texts={summaries}
        onChange={setSummaries}
        error={create.error}
        maxLength={300}
      />
      <LanguageFields
        name="contents"
        area
        label={(language) => <Trans>Terms, HTML ({language})</Trans>}
        texts={contents}
        onChange={setContents}
        error={create.error}
      />
      <FormEnd
        error={create.error}
        pending={create.isPending}
        submit={<Trans>Add</Trans>}
        onCancel={onClose}
      />
    </FormPanel>
  );
}

/** An optional per-language text is sent only when some language is filled in. */
function optionalTexts<K extends string>(name: K, texts: Texts): Partial<Record<K, Partial<Texts>>> {
  const some = filled(texts);
  return Object.keys(some).length > 0 ? ({ [name]: some } as Record<K, Partial<Texts>>) : {};
}
