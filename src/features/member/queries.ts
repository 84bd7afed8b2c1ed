import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  accountRecord,
  bettingRecord,
  demoGatewayOrder,
  type PaymentKind,
  paymentOrders,
  paymentSettings,
  profitAndLoss,
  walletList,
} from '../../../contract/payments.ts';
import { call } from '../../api/client.ts';

/** Server data of the member centre (spec §2 Personal Center); money changes invalidate `MONEY_KEYS`. */

export const paymentSettingsQuery = () =>
  queryOptions({
    queryKey: ['member', 'paymentSettings'],
    queryFn: async () => (await call(paymentSettings, { query: {} })).value,
    staleTime: 60_000,
  });

export const walletListQuery = () =>
  queryOptions({
    queryKey: ['member', 'wallets'],
    queryFn: async () => (await call(walletList, { query: {} })).value,
  });

export const PAGE_SIZE = 20;

export const paymentOrdersQuery = (kind: PaymentKind, pageNo: number) =>
  queryOptions({
    queryKey: ['member', 'paymentOrders', kind, pageNo],
    queryFn: async () => (await call(paymentOrders, { query: { kind, pageNo, pageSize: PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

export interface BettingFilters {
  from: string;
  to: string;
  gameType?: string;
  vendor?: string;
  pageNo: number;
}

export const bettingRecordQuery = (f: BettingFilters) =>
  queryOptions({
    queryKey: ['member', 'bettingRecord', f],
    queryFn: async () => (await call(bettingRecord, { query: { ...f, pageSize: PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

export interface AccountFilters {
  from: string;
  to: string;
  kind?: string;
  pageNo: number;
}

export const accountRecordQuery = (f: AccountFilters) =>
  queryOptions({
    queryKey: ['member', 'accountRecord', f],
    queryFn: async () => (await call(accountRecord, { query: { ...f, pageSize: PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

export const profitQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['member', 'profit', from, to],
    queryFn: async () => (await call(profitAndLoss, { query: { from, to } })).value,
    placeholderData: keepPreviousData,
  });

/** What a deposit, withdrawal or transfer makes stale: the header balance and the member's money lists. */
export const MONEY_KEYS = [
  ['balance'],
  ['member', 'wallets'],
  ['member', 'paymentOrders'],
  ['member', 'accountRecord'],
];

/** The demo gateway's view of a payment reference (its own page, `/gateway/demo`). */
export const gatewayOrderQuery = (ref: string) =>
  queryOptions({
    queryKey: ['gatewayDemo', ref],
    queryFn: async () => (await call(demoGatewayOrder, { query: { ref } })).value,
    enabled: ref !== '',
    retry: false,
  });
