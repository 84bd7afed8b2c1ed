import { queryOptions } from '@tanstack/react-query';
import { registerSettings } from '../../../contract/routes.ts';
import { call } from '../../api/client.ts';

export const registerSettingsQuery = () =>
  queryOptions({
    queryKey: ['registerSettings'],
    queryFn: async () => (await call(registerSettings, { query: {} })).value,
    staleTime: 5 * 60_000,
  });
