import type { Tx } from '../../db/client.ts';
import { send } from '../messages/service.ts';
import type { Referrals } from '../referral/service.ts';
import type { Rewards } from '../rewards/module.ts';
import { TICKET_RULES } from '../rewards/rules.ts';
import type { RulesStore } from '../rules/store.ts';
import { money, type Order, type OrderEvent } from './service.ts';

/**
 * What an order's step brings besides the money, written in the same transaction (so a rolled-back credit leaves
 * no message or ticket behind): the member's message, the referrer's bonus, and a reward ticket for a deposit
 * that reaches the merchant's threshold. Titles and bodies are the English fallback of each message's template.
 */
export function paymentFollowUps(deps: { referrals: Referrals; rewards: Rewards; rules: RulesStore }) {
  return async (tx: Tx, event: OrderEvent, o: Order): Promise<void> => {
    const to = { merchantCode: o.merchantCode, memberId: o.memberId };
    const amount = money(Number(o.amount));
    if (event === 'WITHDRAWAL_DISBURSED') {
      await send(tx, {
        ...to,
        category: 'ACCOUNT',
        template: 'WITHDRAWAL_DISBURSED',
        params: { amount: o.amount },
        title: 'Withdrawal paid out',
        body: `Your withdrawal of ${amount} has been paid out. Please confirm when you have received it.`,
      });
      return;
    }
    if (event === 'WITHDRAWAL_RESENT') {
      const reference = o.details.disbursementRef ?? '';
      await send(tx, {
        ...to,
        category: 'ACCOUNT',
        template: 'WITHDRAWAL_RESENT',
        params: { amount: o.amount, reference },
        title: 'Withdrawal paid out again',
        body: `Your withdrawal of ${amount} has been paid out again (reference ${reference}). Please confirm when you have received it.`,
      });
      return;
    }
    if (event === 'WITHDRAWAL_CONFIRMED') {
      await send(tx, {
        ...to,
        category: 'ACCOUNT',
        template: 'WITHDRAWAL_CONFIRMED',
        params: { amount: o.amount },
        title: 'Withdrawal received',
        body: `Our bank's records show your withdrawal of ${amount} reached your account.`,
      });
      return;
    }
    if (event === 'WITHDRAWAL_REFUNDED') {
      await send(tx, {
        ...to,
        category: 'ACCOUNT',
        template: 'WITHDRAWAL_REFUNDED',
        params: { amount: o.amount },
        title: 'Withdrawal refunded',
        body: `Your withdrawal of ${amount} has been refunded to your main wallet.`,
      });
      return;
    }
    if (event === 'WITHDRAWAL_REJECTED') {
      await send(tx, {
        ...to,
        category: 'ACCOUNT',
        template: 'WITHDRAWAL_REJECTED',
        params: { amount: o.amount, remark: o.remark ?? '' },
        title: 'Withdrawal rejected',
        body: `Your withdrawal of ${amount} was rejected and the money is back in your main wallet.`,
      });
      return;
    }
    await send(tx, {
      ...to,
      category: 'ACCOUNT',
      template: 'DEPOSIT_CREDITED',
      params: { amount: o.amount },
      title: 'Deposit credited',
      body: `Your deposit of ${amount} has been credited to your main wallet.`,
    });
    await deps.referrals.onDepositCredited(tx, o);
    const { deposit } = await deps.rules.get(o.merchantCode, TICKET_RULES, tx);
    if (!deposit || o.amount < BigInt(deposit.minDeposit)) return;
    await deps.rewards.tickets.awardTicket(
      o.merchantCode,
      o.memberId,
      deposit.type,
      'DEPOSIT',
      String(o.id),
      { tx },
    );
    await send(tx, {
      ...to,
      category: 'PROMOTION',
      template: 'TICKET_AWARDED',
      params: { ticketType: deposit.type },
      title: 'A reward ticket for your deposit',
      body: 'Open it in the Reward Center before it expires.',
    });
  };
}
