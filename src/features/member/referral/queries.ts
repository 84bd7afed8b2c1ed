import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { referralFriends, referralInfo } from '../../../../contract/referral.ts';
import { call } from '../../../api/client.ts';
import { PAGE_SIZE } from '../queries.ts';

export const referralInfoQuery = () =>
  queryOptions({
    queryKey: ['member', 'referral', 'info'],
    queryFn: async () => (await call(referralInfo, { query: {} })).value,
  });

export const referralFriendsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: ['member', 'referral', 'friends', pageNo],
    queryFn: async () => (await call(referralFriends, { query: { pageNo, pageSize: PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });
