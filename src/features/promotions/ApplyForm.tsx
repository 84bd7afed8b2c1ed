import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import type { CallInput } from '../../../contract/call.ts';
import { APPLY_RULES } from '../../../contract/constants.ts';
import { applyPromotion } from '../../../contract/promotionRoutes.ts';
import type { PromotionState } from '../../../contract/promotions.ts';
import type { CallOf } from '../../../contract/routes.ts';
import { call } from '../../api/client.ts';
import { CallError, primaryButton, secondaryButton, serverField } from '../../ui/records/form.tsx';
import { PictureInput, RemarkField } from '../../ui/records/uploadFields.tsx';
import { checkPicked, type PickProblem } from './imageFiles.ts';

interface Picture {
  key: number;
  file: File;
  /** An object URL for the thumbnail, revoked when the picture goes. */
  url: string;
}

const { maxFiles, maxRemark } = APPLY_RULES;
const maxMegabytes = APPLY_RULES.maxBytes / (1024 * 1024);

/**
 * An application (spec §5): a remark of at most 140 characters counted as typed, and 1 to 3 png/jpg pictures of at
 * most 5 MB, checked by their bytes when picked (a refused one says why under the field). Sent as multipart like the
 * withdrawal proof: `remark`, then each picture as `files`. A refusal keeps the remark and the pictures.
 */
export function ApplyForm({
  promotionId,
  onApplied,
  onCancel,
}: {
  promotionId: number;
  onApplied: (state: PromotionState) => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [remark, setRemark] = useState('');
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [problems, setProblems] = useState<PickProblem[]>([]);
  const [tried, setTried] = useState(false);
  const nextKey = useRef(1);
  const held = useRef(pictures);
  held.current = pictures;
  // The thumbnails' URLs go with the form.
  useEffect(
    () => () => {
      for (const p of held.current) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const apply = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      form.append('remark', remark);
      for (const p of pictures) form.append('files', p.file, p.file.name);
      // Multipart is not JSON: the contract has no body schema, `call` hands the FormData to fetch as it is.
      const input = { params: { id: promotionId }, body: form } as unknown as CallInput<
        CallOf<typeof applyPromotion>
      >;
      return (await call(applyPromotion, input)).value.state;
    },
    onSuccess: onApplied,
  });

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])];
    // Cleared, so that picking the same picture again after removing it is a change.
    e.target.value = '';
    if (picked.length === 0) return;
    const { added, problems: refused } = await checkPicked(held.current.length, picked);
    setProblems(refused);
    setPictures((now) => [
      ...now,
      ...added.map((file) => ({ key: nextKey.current++, file, url: URL.createObjectURL(file) })),
    ]);
  };
  const remove = (key: number) => {
    setProblems([]);
    setPictures((now) =>
      now.filter((p) => {
        if (p.key === key) URL.revokeObjectURL(p.url);
        return p.key !== key;
      }),
    );
  };

  const problemText = ({ name, kind }: PickProblem) =>
    kind === 'type'
      ? t`${name}: only PNG or JPG pictures`
      : kind === 'size'
        ? t`${name}: larger than ${maxMegabytes} MB`
        : t`${name}: at most ${maxFiles} pictures`;
  const pictureMessages = [
    ...problems.map(problemText),
    ...(tried && pictures.length === 0 ? [t`Add at least one picture`] : []),
    ...[serverField(apply.error, 'files')].filter((m): m is string => !!m),
  ];
  const tooLong = remark.length > maxRemark;
  const remarkMessage = tooLong
    ? t`${plural(maxRemark, { one: 'At most # character', other: 'At most # characters' })}`
    : serverField(apply.error, 'remark');

  return (
    <form
      noValidate
      aria-label={t`Application`}
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (tooLong || pictures.length === 0) return;
        apply.mutate();
      }}
    >
      <fieldset disabled={apply.isPending} className="flex min-w-0 flex-col gap-4">
        <RemarkField
          id={id}
          label={<Trans>Remark</Trans>}
          value={remark}
          max={maxRemark}
          message={remarkMessage}
          onChange={setRemark}
        />
        <PictureInput
          id={id}
          label={<Trans>Pictures</Trans>}
          maxFiles={maxFiles}
          maxMegabytes={maxMegabytes}
          invalid={pictureMessages.length > 0}
          error={
            pictureMessages.length > 0 && (
              <ul>
                {pictureMessages.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            )
          }
          onChange={(e) => void pick(e)}
        >
          {pictures.length > 0 && (
            <ul aria-label={t`Chosen pictures`} className="mt-1 flex flex-wrap gap-2">
              {pictures.map((p) => (
                <Thumbnail key={p.key} picture={p} onRemove={() => remove(p.key)} />
              ))}
            </ul>
          )}
        </PictureInput>
        <CallError error={apply.error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} aria-busy={apply.isPending || undefined}>
            {apply.isPending ? <Trans>Sending…</Trans> : <Trans>Send application</Trans>}
          </button>
          {onCancel && (
            <button type="button" className={secondaryButton} onClick={onCancel}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}

function Thumbnail({ picture, onRemove }: { picture: Picture; onRemove: () => void }) {
  const { t } = useLingui();
  const { name } = picture.file;
  return (
    <li className="flex w-24 flex-col items-center gap-1">
      <img src={picture.url} alt={name} className="h-24 w-24 rounded-lg border border-line object-cover" />
      <button
        type="button"
        aria-label={t`Remove ${name}`}
        onClick={onRemove}
        className="h-8 w-full rounded-full border border-line text-xs font-semibold hover:bg-line/40"
      >
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}
