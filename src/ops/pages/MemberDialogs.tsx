import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type OpsMember, opsLockMember } from '../../../contract/backoffice.ts';
import { type MessageCategory, messageCategory } from '../../../contract/messages.ts';
import { opsAwardTicket, opsSendMessage } from '../../../contract/ops.ts';
import { type TicketType, ticketType } from '../../../contract/rewards.ts';
import { serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { MESSAGE_CATEGORY_LABEL, TICKET_LABEL } from '../labels.ts';
import { RemarkDialog } from '../RemarkDialog.tsx';
import { useOps } from '../session.ts';
import { ConfirmDialog, InputField, SelectField, TextAreaField } from '../ui.tsx';

interface DialogProps {
  onClose: () => void;
  /** What happened, for the page's note. */
  onDone: (note: string) => void;
}

/** Lock (the member's sessions end, logins are refused) or unlock an account. */
export function LockDialog({ member, onClose, onDone }: DialogProps & { member: OpsMember }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const locking = !member.locked;
  const { account } = member;
  const lock = useMutation({
    mutationFn: async (remark: string | undefined) =>
      (await opsCall(opsLockMember, { params: { id: member.id }, body: { locked: locking, remark } })).value,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'members'] });
      onDone(locking ? t`${account} is locked.` : t`${account} is unlocked.`);
    },
  });
  return (
    <RemarkDialog
      title={locking ? t`Lock ${account}` : t`Unlock ${account}`}
      confirmLabel={locking ? <Trans>Lock</Trans> : <Trans>Unlock</Trans>}
      danger={locking}
      pending={lock.isPending}
      error={lock.error}
      onClose={onClose}
      onConfirm={(remark) => lock.mutate(remark)}
    >
      <p>
        {locking ? (
          <Trans>{account} is signed out everywhere and cannot sign in until unlocked.</Trans>
        ) : (
          <Trans>{account} may sign in again.</Trans>
        )}
      </p>
    </RemarkDialog>
  );
}

/** An internal message to one member, or (account null) to every member of the merchant. */
export function MessageDialog({ account, onClose, onDone }: DialogProps & { account: string | null }) {
  const { t, i18n } = useLingui();
  const { merchant } = useOps();
  const [category, setCategory] = useState<MessageCategory>('SYSTEM');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const send = useMutation({
    mutationFn: async () =>
      opsCall(opsSendMessage, { params: { code: merchant.code }, body: { account, category, title, body } }),
    onSuccess: () => onDone(account ? t`Message sent to ${account}.` : t`Message sent to every member.`),
  });
  return (
    <ConfirmDialog
      open
      title={account ? t`Message ${account}` : t`Message every member`}
      confirmLabel={<Trans>Send</Trans>}
      pending={send.isPending}
      error={send.error}
      onClose={onClose}
      onConfirm={() => send.mutate()}
    >
      <SelectField
        label={<Trans>Category</Trans>}
        value={category}
        onChange={(e) => setCategory(e.target.value as MessageCategory)}
      >
        {messageCategory.options.map((c) => (
          <option key={c} value={c}>
            {i18n._(MESSAGE_CATEGORY_LABEL[c])}
          </option>
        ))}
      </SelectField>
      <InputField
        label={<Trans>Title</Trans>}
        maxLength={100}
        value={title}
        message={serverField(send.error, 'title')}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        label={<Trans>Message</Trans>}
        maxLength={2000}
        value={body}
        message={serverField(send.error, 'body') ?? serverField(send.error, 'account')}
        onChange={(e) => setBody(e.target.value)}
      />
    </ConfirmDialog>
  );
}

/** A reward ticket of a type for one member. */
export function TicketDialog({ account, onClose, onDone }: DialogProps & { account: string }) {
  const { t, i18n } = useLingui();
  const { merchant } = useOps();
  const [type, setType] = useState<TicketType>('RED_ENVELOPE');
  const award = useMutation({
    mutationFn: async () =>
      opsCall(opsAwardTicket, { params: { code: merchant.code }, body: { account, type } }),
    onSuccess: () => onDone(t`${account} got a ticket: ${i18n._(TICKET_LABEL[type])}.`),
  });
  return (
    <ConfirmDialog
      open
      title={t`Award ${account} a ticket`}
      confirmLabel={<Trans>Award</Trans>}
      pending={award.isPending}
      error={award.error}
      onClose={onClose}
      onConfirm={() => award.mutate()}
    >
      <SelectField
        label={<Trans>Ticket</Trans>}
        value={type}
        message={serverField(award.error, 'type')}
        onChange={(e) => setType(e.target.value as TicketType)}
      >
        {ticketType.options.map((k) => (
          <option key={k} value={k}>
            {i18n._(TICKET_LABEL[k])}
          </option>
        ))}
      </SelectField>
    </ConfirmDialog>
  );
}
