import { useSearch } from '@tanstack/react-router';
import { LotteryLobby } from './LotteryLobby.tsx';

// The lottery lobbies' route components, a chunk loaded with their route (src/routes/lott.tsx, elott.tsx): the route
// options are in the first page's code, which need not carry the lobby.
export const LottLobby = () => <LotteryLobby gameType="LOTT" vendor={useSearch({ strict: false }).vendor} />;
export const ElottLobby = () => (
  <LotteryLobby gameType="ELOTT" vendor={useSearch({ strict: false }).vendor} />
);
