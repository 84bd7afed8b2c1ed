import { queryOptions } from '@tanstack/react-query';
import { helpCenter } from '../../../contract/help.ts';
import { call } from '../../api/client.ts';

/** The merchant's help items in the language (the modal and the help page share them). */
export const helpCenterQuery = (language: string) =>
  queryOptions({
    queryKey: ['helpCenter', language],
    queryFn: async () => (await call(helpCenter, { query: { language, device: 'WEB' } })).value.list,
    staleTime: 5 * 60_000,
  });
