import type { GameType } from '../../../contract/games.ts';
import type { Classify } from '../../../machines/gameList.machine.ts';

/**
 * The classification tabs of a lobby (spec §2 Game lobbies): ALL, NEW (slots only), FAV, HOT, then the classes the
 * lane's vendors define (its `gameClassify`), each once.
 */
export function lobbyClasses(gameType: GameType, vendorClasses: readonly string[]): Classify[] {
  const fixed: Classify[] = gameType === 'RNG' ? ['ALL', 'NEW', 'FAV', 'HOT'] : ['ALL', 'FAV', 'HOT'];
  return [...new Set([...fixed, ...vendorClasses])];
}

/** Spec §2: the strip shows only when there is more than one class to choose from. */
export const showsClassTabs = (classes: readonly Classify[]) => classes.length > 1;
