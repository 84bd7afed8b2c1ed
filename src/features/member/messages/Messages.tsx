import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteMessages, type MessageView, readMessages } from '../../../../contract/messages.ts';
import { call } from '../../../api/client.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { CallError, LoadError, primaryButton, secondaryButton } from '../../../ui/records/form.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useMessageText } from './MessagesTemplates.ts';
import { MESSAGE_KEYS, messageListQuery, unreadCountQuery } from './queries.ts';

/** messageV2 (Internal Message): the member's inbox, newest first; opening a message reads it. */
export function Messages() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<MessageView | null>(null);
  const [deleting, setDeleting] = useState<MessageView | null>(null);
  const list = useQuery(messageListQuery(page));
  const text = useMessageText();
  const settled = ({ unread }: { unread: number }) => {
    // The badge shows the server's count at once; the lists reload behind it.
    queryClient.setQueryData(unreadCountQuery().queryKey, unread);
    for (const queryKey of MESSAGE_KEYS) void queryClient.invalidateQueries({ queryKey });
  };
  const read = useMutation({
    mutationFn: async (body: { ids: number[] } | { all: true }) => (await call(readMessages, { body })).value,
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => (await call(deleteMessages, { body: { ids: [id] } })).value,
    onSuccess: (reply) => {
      setDeleting(null);
      setOpened(null);
      settled(reply);
    },
  });
  const open = (m: MessageView) => {
    setOpened(m);
    if (!m.read) read.mutate({ ids: [m.id] });
  };
  const askDelete = (m: MessageView) => {
    remove.reset();
    setOpened(null);
    setDeleting(m);
  };
  const when = (iso: string) => formatDateTime(iso, i18n.locale);
  const data = list.data;
  // The last message of the last page was deleted: show the page before.
  if (data && page > 1 && page > data.totalPages) setPage(Math.max(1, data.totalPages));
  const unread = data?.unread ?? 0;
  const shown = opened && text(opened);
  const deletingTitle = deleting ? text(deleting).title : '';

  return (
    <section aria-label={t`Internal Message`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="text-sm text-muted">
          {data && (
            <Plural value={unread} _0="No unread messages" one="# unread message" other="# unread messages" />
          )}
        </p>
        <button
          type="button"
          className={secondaryButton}
          disabled={!data || unread === 0 || read.isPending}
          onClick={() => read.mutate({ all: true })}
        >
          <Trans>Mark all as read</Trans>
        </button>
      </div>
      {read.isError && !opened && <CallError error={read.error} />}
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : data.list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
          <Trans>No messages yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Messages`} className="flex flex-col gap-2">
          {data.list.map((m) => {
            const { title, body } = text(m);
            return (
              <li key={m.id} className="flex items-start gap-2 rounded-lg border border-line p-3">
                <button
                  type="button"
                  onClick={() => open(m)}
                  className="flex min-w-0 flex-1 flex-col gap-1 text-left"
                >
                  <span className={`flex items-center gap-2 ${m.read ? '' : 'font-bold'}`}>
                    {!m.read && (
                      <>
                        <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-brand" />
                        <span className="sr-only">
                          <Trans>Unread:</Trans>
                        </span>{' '}
                      </>
                    )}
                    <span className="truncate">{title}</span>
                  </span>{' '}
                  <span className="truncate text-sm text-muted">{body}</span>{' '}
                  <time dateTime={m.createdAt} className="text-xs text-muted">
                    {when(m.createdAt)}
                  </time>
                </button>
                <button
                  type="button"
                  aria-label={t`Delete message: ${title}`}
                  onClick={() => askDelete(m)}
                  className="grid h-9 w-9 shrink-0 place-items-center rounded-full hover:bg-line/40"
                >
                  <Icon name="trash" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {data && (
        <Pagination page={page} totalPages={data.totalPages} onChange={setPage} label={t`Message pages`} />
      )}

      <Modal open={shown !== null} title={shown?.title} closeLabel={t`Close`} onClose={() => setOpened(null)}>
        {opened && shown && (
          <div className="flex flex-col gap-3">
            <time dateTime={opened.createdAt} className="text-xs text-muted">
              {when(opened.createdAt)}
            </time>
            {/* Plain text, never HTML: React escapes it; line breaks are kept. */}
            <p className="whitespace-pre-wrap break-words">{shown.body}</p>
            {read.isError && <CallError error={read.error} />}
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => askDelete(opened)}>
                <Trans>Delete</Trans>
              </button>
            </div>
          </div>
        )}
      </Modal>

      <Modal
        open={deleting !== null}
        title={<Trans>Delete message</Trans>}
        closeLabel={t`Close`}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <div className="flex flex-col gap-3">
            <p>
              <Trans>Delete “{deletingTitle}”? This cannot be undone.</Trans>
            </p>
            <CallError error={remove.error} />
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setDeleting(null)}>
                <Trans>Cancel</Trans>
              </button>
              <button
                type="button"
                className={primaryButton}
                disabled={remove.isPending}
                onClick={() => remove.mutate(deleting.id)}
              >
                <Trans>Delete</Trans>
              </button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}
