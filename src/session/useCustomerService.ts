import { useQuery } from '@tanstack/react-query';
import { selectMember } from '../../machines/session.connect.ts';
import { whitelabelQuery } from '../api/queries.ts';
import { customerServicePath } from '../domain/customerService.ts';
import { SessionContext } from './sessionContext.ts';

/** Where "customer service" leads for whoever is here: VIP support above club rank 4, live chat otherwise (§6). */
export function useCustomerService(): string | null {
  const info = useQuery(whitelabelQuery());
  const rankLevel = SessionContext.useSelector((s) => selectMember(s)?.clubLabel.rankLevel);
  return info.data ? customerServicePath(info.data, rankLevel) : null;
}
