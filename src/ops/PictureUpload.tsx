import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { AnyCall, CallInput, CallOutput } from '../../contract/call.ts';
import { CallError, serverField } from '../ui/records/form.tsx';
import { opsCall } from './api.ts';
import { opsButton } from './ui.tsx';

/** What the server takes (server/http/pictures.ts checks the bytes again, whatever the picker let through). */
const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * One picture upload of an operator call that takes a multipart `file` (the contract declares no body for it;
 * `call` hands a FormData to fetch as it is). The button names what it changes; the failure (the server's word on the file first) shows under it.
 */
export function PictureUpload<C extends AnyCall>({
  call,
  params,
  label,
  onDone,
}: {
  call: C;
  params: CallInput<C>['params'];
  /** The accessible name of the picker: what the picture is for. */
  label: string;
  onDone: (reply: CallOutput<C>) => void;
}) {
  const id = useId();
  const send = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return opsCall(call, { params, body: form } as unknown as CallInput<C>);
    },
    onSuccess: onDone,
  });
  return (
    <div className="flex flex-col items-start gap-1">
      <label htmlFor={id} className={`${opsButton} cursor-pointer focus-within:ring-2`}>
        {send.isPending ? <Trans>Uploading…</Trans> : <Trans>Upload picture</Trans>}
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          aria-label={label}
          className="sr-only"
          disabled={send.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) send.mutate(file);
          }}
        />
      </label>
      {serverField(send.error, 'file') ? (
        <p role="alert" className="text-sm text-danger">
          {serverField(send.error, 'file')}
        </p>
      ) : (
        <CallError error={send.error} />
      )}
    </div>
  );
}

/** A small preview of a stored picture, or a placeholder line. */
export function PicturePreview({ url, alt, empty }: { url: string | null; alt: string; empty: ReactNode }) {
  return url ? (
    <img src={url} alt={alt} className="h-12 max-w-40 rounded border border-line object-contain" />
  ) : (
    <span className="text-xs text-muted">{empty}</span>
  );
}

/** Removes an uploaded picture (the one from before shows again); named by what it removes. */
export function RemovePicture<C extends AnyCall>({
  call,
  params,
  label,
  onDone,
}: {
  call: C;
  params: CallInput<C>['params'];
  label: string;
  onDone: () => void;
}) {
  const remove = useMutation({
    mutationFn: () => opsCall(call, { params } as CallInput<C>),
    onSuccess: onDone,
  });
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={opsButton}
        aria-label={label}
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
      >
        <Trans>Remove picture</Trans>
      </button>
      <CallError error={remove.error} />
    </div>
  );
}
