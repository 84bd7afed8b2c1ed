import type { Game } from '../../contract/games.ts';

/** Spec §4 Starting a game: where a game opens. Lotteries have their own pages; everything else is launched. */
export type LaunchTarget = { page: '/lottery' | '/vnLottery' } | { page: '/game' };

export function launchTarget(game: Pick<Game, 'gameType' | 'vassalage'>): LaunchTarget {
  if (game.vassalage === 'TCG_LOTTO_VN') return { page: '/vnLottery' };
  // TCG_SEA is a lottery vendor with its own game: it is launched like any other (the sea lottery).
  if ((game.gameType === 'LOTT' || game.gameType === 'ELOTT') && game.vassalage !== 'TCG_SEA')
    return { page: '/lottery' };
  return { page: '/game' };
}
