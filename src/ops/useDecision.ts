import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnyCall } from '../../contract/call.ts';
import { opsCall } from './api.ts';

/**
 * A queue's decisions (approve, reject, disburse …): which record and action the dialog is open for, the call
 * `POST …/:id/<action>` with its body, then the note of what happened and the queue reloaded.
 */
export function useDecision<Item extends { id: number }, Action extends string, Reply>({
  calls,
  reload,
  note,
}: {
  calls: Record<Action, AnyCall>;
  /** The query key prefixes of the lists to reload. */
  reload: (readonly unknown[])[];
  note: (reply: Reply) => string;
}) {
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ item: Item; action: Action } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ item, action, body }: { item: Item; action: Action; body: object }) =>
      (await opsCall(calls[action], { params: { id: item.id }, body } as never)).value as Reply,
    onSuccess: (reply) => {
      setDeciding(null);
      setDone(note(reply));
      for (const queryKey of reload) void queryClient.invalidateQueries({ queryKey });
    },
  });
  return {
    deciding,
    done,
    pending: mutation.isPending,
    error: mutation.error,
    open: (item: Item, action: Action) => {
      mutation.reset();
      setDone(null);
      setDeciding({ item, action });
    },
    close: () => setDeciding(null),
    decide: (body: object) => deciding && mutation.mutate({ ...deciding, body }),
  };
}
