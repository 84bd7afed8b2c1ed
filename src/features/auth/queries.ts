import { queryOptions } from '@tanstack/react-query';
import { registerSettings } from '../../../contract/auth.ts';
import { balance } from '../../../contract/wallet.ts';
import { call } from '../../api/client.ts';

export const registerSettingsQuery = () =>
  queryOptions({
    queryKey: ['registerSettings'],
    queryFn: async () => (await call(registerSettings, { query: {} })).value,
    staleTime: 5 * 60_000,
  });

export const balanceQuery = () =>
  queryOptions({
    queryKey: ['balance'],
    queryFn: async () => (await call(balance, { query: {} })).value,
    staleTime: 30_000,
  });
