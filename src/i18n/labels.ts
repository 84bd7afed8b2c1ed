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

/** Names of the game classes (spec §2 classification tabs): the fixed ones and those the catalogue's vendors use. */
export const GAME_CLASS_LABEL: Record<string, MessageDescriptor> = {
  ALL: msg`All`,
  NEW: msg`New`,
  FAV: msg`Favourites`,
  HOT: msg`Hot`,
  SLOT: msg`Slots`,
  TABLE: msg`Table games`,
  ARCADE: msg`Arcade`,
  VIDEO_POKER: msg`Video poker`,
  FISHING: msg`Fishing`,
  BACCARAT: msg`Baccarat`,
  ROULETTE: msg`Roulette`,
  SICBO: msg`Sic bo`,
  DRAGON_TIGER: msg`Dragon tiger`,
  BLACKJACK: msg`Blackjack`,
  CARD: msg`Card games`,
  MAHJONG: msg`Mahjong`,
  MINI: msg`Mini games`,
  LOBBY: msg`Lobby`,
};
