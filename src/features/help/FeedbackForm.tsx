import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { characterCount, FEEDBACK_MAX, sendFeedback } from '../../../contract/help.ts';
import { call } from '../../api/client.ts';
import { CallError, Done, primaryButton, serverField } from '../../ui/records/form.tsx';

/**
 * Feedback (spec §5: required, 140 characters): a live count under the field, the field's message once the member
 * tries to send, the server's message when sending fails — with the text kept — and a thank-you when it is in.
 */
export function FeedbackForm({ focus = false }: { focus?: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const send = useMutation({
    mutationFn: async (content: string) => (await call(sendFeedback, { body: { content } })).value,
    onSuccess: () => {
      setText('');
      setChecked(false);
    },
  });
  useEffect(() => {
    if (!focus) return;
    field.current?.focus();
    field.current?.scrollIntoView?.({ block: 'center' });
  }, [focus]);

  const count = characterCount(text);
  const problem = !text.trim()
    ? t`Input must not be empty`
    : count > FEEDBACK_MAX
      ? t`${plural(FEEDBACK_MAX, { one: 'At most # character', other: 'At most # characters' })}`
      : undefined;
  const message = (checked ? problem : undefined) ?? serverField(send.error, 'content');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!problem) send.mutate(text.trim());
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t`Feedback`} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>Your feedback</Trans>
      </label>
      <textarea
        id={id}
        ref={field}
        rows={4}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (send.isSuccess || send.isError) send.reset();
        }}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-count${message ? ` ${id}-error` : ''}`}
        placeholder={t`Tell us what we can do better`}
        className="min-h-28 w-full resize-y rounded-lg border border-line bg-surface p-3 aria-[invalid]:border-danger"
      />
      <div className="flex items-start gap-3">
        {message ? (
          <p id={`${id}-error`} className="flex-1 text-sm text-danger">
            {message}
          </p>
        ) : (
          <span className="flex-1" />
        )}
        <p
          id={`${id}-count`}
          className={`text-xs tabular-nums ${count > FEEDBACK_MAX ? 'text-danger' : 'text-muted'}`}
        >
          <span aria-hidden="true">
            {count}/{FEEDBACK_MAX}
          </span>
          <span className="sr-only">
            <Trans>
              {count} of <Plural value={FEEDBACK_MAX} one="# character" other="# characters" />
            </Trans>
          </span>
        </p>
      </div>
      <CallError error={send.error} />
      {send.isSuccess && (
        <Done>
          <Trans>Thank you! Your feedback has been sent.</Trans>
        </Done>
      )}
      <button type="submit" disabled={send.isPending} className={`${primaryButton} self-start`}>
        <Trans>Send</Trans>
      </button>
    </form>
  );
}
