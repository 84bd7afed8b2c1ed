import { Trans } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog, opsButton } from './ui.tsx';

/** A row's "Delete" button and its "Delete …?" dialog: the call, then the lists under `reload` are read again. */
export function DeleteButton({
  label,
  title,
  children,
  remove,
  reload,
  onOpen,
  onDone,
}: {
  /** The button's accessible name: what it deletes. */
  label: string;
  title: ReactNode;
  children: ReactNode;
  remove: () => Promise<unknown>;
  reload: readonly unknown[];
  onOpen: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: reload });
      onDone();
    },
  });
  return (
    <>
      <button
        type="button"
        className={opsButton}
        aria-label={label}
        onClick={() => {
          mutation.reset();
          onOpen();
          setOpen(true);
        }}
      >
        <Trans>Delete</Trans>
      </button>
      <ConfirmDialog
        open={open}
        danger
        title={title}
        confirmLabel={<Trans>Delete</Trans>}
        pending={mutation.isPending}
        error={mutation.error}
        onClose={() => setOpen(false)}
        onConfirm={() => mutation.mutate()}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
