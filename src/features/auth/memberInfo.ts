import { fromPromise } from 'xstate';
import type { MemberInfo } from '../../../contract/member.ts';
import { memberInfo } from '../../../contract/routes.ts';
import { call } from '../../api/client.ts';

/** The session machine's member read (machines/session.machine.ts), with the real API client. */
export const loadMemberInfo = fromPromise<MemberInfo, { token: string }>(
  async () => (await call(memberInfo, { query: {} })).value,
);
