import type { InhouseGame } from '../../../contract/inhouse.ts';

/**
 * The in-house catalogue: each title is its own game (its engine, and for slots its own reels and paytable), with
 * the name, class and minimum bet the seed gives it. The node id names the title, so a launch finds its engine.
 * Rules, paytables and RTPs: README.md beside this file.
 */
export interface InhouseTitle {
  nodeId: string;
  engine: InhouseGame;
  /** The lobby's class: SLOT for the slots, MINI for the rest. */
  gameClassify: 'SLOT' | 'MINI';
  names: { en: string; vi: string };
  minBet: number;
  isNew: boolean;
  isHot: boolean;
}

export const INHOUSE_TITLES: readonly InhouseTitle[] = [
  {
    nodeId: 'PORTICO_INHOUSE_MEGA_CHERRIES',
    engine: 'slot',
    gameClassify: 'SLOT',
    names: { en: 'Mega Cherries', vi: 'Anh Đào Khổng Lồ' },
    minBet: 2000,
    isNew: false,
    isHot: true,
  },
  {
    nodeId: 'PORTICO_INHOUSE_DICE',
    engine: 'dice',
    gameClassify: 'MINI',
    names: { en: 'Dice', vi: 'Xúc Xắc' },
    minBet: 500,
    isNew: false,
    isHot: false,
  },
  {
    nodeId: 'PORTICO_INHOUSE_HILO',
    engine: 'hilo',
    gameClassify: 'MINI',
    names: { en: 'Hi-Lo', vi: 'Cao Thấp' },
    minBet: 500,
    isNew: true,
    isHot: false,
  },
  {
    nodeId: 'PORTICO_INHOUSE_MINES_GOLD',
    engine: 'mines',
    gameClassify: 'MINI',
    names: { en: 'Mines Gold', vi: 'Dò Mìn Vàng' },
    minBet: 500,
    isNew: true,
    isHot: false,
  },
  {
    nodeId: 'PORTICO_INHOUSE_BINGO_TURBO',
    engine: 'bingo',
    gameClassify: 'MINI',
    names: { en: 'Bingo Turbo', vi: 'Bingo Siêu Tốc' },
    minBet: 200,
    isNew: true,
    isHot: false,
  },
  {
    nodeId: 'PORTICO_INHOUSE_WOLF_FORTUNE',
    engine: 'slot',
    gameClassify: 'SLOT',
    names: { en: 'Wolf Fortune', vi: 'Sói Phát Tài' },
    minBet: 1000,
    isNew: false,
    isHot: false,
  },
];

export const titleOf = (nodeId: string) => INHOUSE_TITLES.find((t) => t.nodeId === nodeId);

/** The page a title plays on (`/play/<engine>`); a slot page asks its session for its reels. */
export const playPath = (nodeId: string) => `/play/${titleOf(nodeId)?.engine ?? 'slot'}`;
