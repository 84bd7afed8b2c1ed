import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GameType } from '../../contract/games.ts';

/** Names of game types as the header and lobbies show them. */
export const GAME_TYPE_LABEL: Record<GameType, MessageDescriptor> = {
  ELOTT: msg`E-Lottery`,
  LOTT: msg`Lottery`,
  LIVE: msg`Live Casino`,
  SPORTS: msg`Sports`,
  FISH: msg`Fishing`,
  RNG: msg`Slots`,
  PVP: msg`Card Games`,
  ESPORTS: msg`E-Sports`,
  COCKFIGHT: msg`Cockfight`,
  INHOUSE: msg`Originals`,
};
