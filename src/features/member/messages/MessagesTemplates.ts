import { useLingui } from '@lingui/react/macro';
import { MESSAGE_TEMPLATES, type MessageTemplate, type MessageView } from '../../../../contract/messages.ts';
import { useMoney } from '../../../ui/records/useMoney.ts';

export interface MessageText {
  title: string;
  body: string;
}

const isTemplate = (name: string | null): name is MessageTemplate =>
  name !== null && Object.hasOwn(MESSAGE_TEMPLATES, name);

/**
 * A message in the member's language: a system message of a known template is worded here from its params; any
 * other (an operator's text, a template this build does not know, a param missing or malformed) shows its own
 * title and body.
 */
export function useMessageText(): (m: MessageView) => MessageText {
  const { t } = useLingui();
  const money = useMoney();
  const ticketNames: Record<string, string> = {
    RED_ENVELOPE: t`red envelope`,
    PRIZE_WHEEL: t`prize wheel`,
    GOLDEN_EGG: t`golden egg`,
  };
  const worded = (template: MessageTemplate, p: Record<string, string>): MessageText | null => {
    // Amounts travel as minor units written as digits.
    const minor = /^-?\d{1,15}$/.test(p.amount ?? '') ? Number(p.amount) : null;
    const amount = minor === null ? null : money.format(minor);
    switch (template) {
      case 'DEPOSIT_CREDITED':
        return amount === null
          ? null
          : {
              title: t`Deposit credited`,
              body: t`Your deposit of ${amount} has been credited to your main wallet.`,
            };
      case 'WITHDRAWAL_DISBURSED':
        return amount === null
          ? null
          : {
              title: t`Withdrawal paid out`,
              body: t`Your withdrawal of ${amount} has been paid out. Please confirm it in Withdraw once it reaches your account.`,
            };
      case 'WITHDRAWAL_REJECTED': {
        if (amount === null) return null;
        const remark = p.remark?.trim() ?? '';
        return {
          title: t`Withdrawal rejected`,
          body: remark
            ? t`Your withdrawal of ${amount} was rejected (${remark}). The amount is back in your main wallet.`
            : t`Your withdrawal of ${amount} was rejected. The amount is back in your main wallet.`,
        };
      }
      case 'WITHDRAWAL_RESENT': {
        const reference = p.reference?.trim() ?? '';
        return amount === null || !reference
          ? null
          : {
              title: t`Withdrawal paid out again`,
              body: t`Your withdrawal of ${amount} has been paid out again with the transfer reference ${reference}. Please confirm it in Withdraw once it reaches your account.`,
            };
      }
      case 'WITHDRAWAL_CONFIRMED':
        return amount === null
          ? null
          : {
              title: t`Withdrawal received`,
              body: t`The bank's records show your withdrawal of ${amount} reached your account.`,
            };
      case 'WITHDRAWAL_REFUNDED':
        return amount === null
          ? null
          : {
              title: t`Withdrawal refunded`,
              body: t`Your withdrawal of ${amount} has been refunded to your main wallet.`,
            };
      case 'REBATE_CLAIMED':
        return amount === null
          ? null
          : { title: t`Rebate received`, body: t`A rebate of ${amount} has been added to your main wallet.` };
      case 'TICKET_AWARDED': {
        const ticket = ticketNames[p.ticketType ?? ''];
        return ticket
          ? {
              title: t`New reward ticket`,
              body: t`You have a new ${ticket} ticket. Open it in the Reward Center.`,
            }
          : null;
      }
      case 'REFERRAL_BONUS': {
        const friend = p.friend ?? '';
        return amount === null || !friend
          ? null
          : {
              title: t`Referral bonus`,
              body: t`You received ${amount} because your friend ${friend} joined.`,
            };
      }
      case 'TRANSFER_FROM_UPLINE': {
        const upline = p.upline ?? '';
        return amount === null || !upline
          ? null
          : {
              title: t`Transfer from upline`,
              body: t`Your upline ${upline} transferred ${amount} to your main wallet.`,
            };
      }
      case 'LOTTERY_REFUNDED': {
        const { lottery = '', issue = '', bet = '' } = p;
        return amount === null || !lottery || !issue || !bet
          ? null
          : {
              title: t`Lottery draw cancelled, stake refunded`,
              body: t`The official results of draw ${issue} of ${lottery} were not confirmed in time, so the draw is cancelled. Your stake of ${amount} on bet #${bet} is back in your main wallet.`,
            };
      }
    }
  };
  return (m) =>
    (isTemplate(m.template) ? worded(m.template, m.params) : null) ?? { title: m.title, body: m.body };
}
