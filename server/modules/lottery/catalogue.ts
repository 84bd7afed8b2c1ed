import type { LotteryTag } from '../../../contract/lottery.ts';
import type { Structure } from './prizes.ts';

/** The vendors lotteries are sold under (codes of the seeded catalogue, spec §9); GPI is the Keno vendor. */
export const LOTTERY_VENDORS = { LOTT: 'TCG_LOTTO_VN', ELOTT: 'TCG_SEA', KENO: 'GPI' } as const;
export type LotteryVendor = (typeof LOTTERY_VENDORS)[keyof typeof LOTTERY_VENDORS];

/**
 * A lottery the portal sells. Daily lotteries draw at `time` (merchant zone) on `days` (codes 1–7, 1 Sunday,
 * 2 Monday … 7 Saturday, spec §9); fast e-lotteries and Keno draw every `everyMinutes` around the clock. A merchant
 * sells it when its catalogue has `vendor` under `gameType`.
 */
export interface Lottery {
  code: string;
  name: string;
  tag: LotteryTag;
  gameType: 'LOTT' | 'ELOTT';
  vendor: LotteryVendor;
  structure: Structure;
  schedule: { kind: 'daily'; time: string; days: number[] } | { kind: 'every'; everyMinutes: number };
  /** Sales close this long before the draw. */
  lockSeconds: number;
  /**
   * Where the numbers come from: HOUSE, drawn by the server with a commitment published ahead (e-lotteries, Keno);
   * OFFICIAL, the state lottery companies' own draw, settled only on results confirmed from the feed or by two
   * operators (modules/lottery/results.ts).
   */
  results: 'HOUSE' | 'OFFICIAL';
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** The provinces' fixed weekly rota (days 2 Monday … 7 Saturday, 1 Sunday). */
const CENTRAL: Record<string, [string, number[]]> = {
  TTH: ['Thừa Thiên Huế', [2, 1]],
  PY: ['Phú Yên', [2]],
  DLK: ['Đắk Lắk', [3]],
  QNM: ['Quảng Nam', [3]],
  DNG: ['Đà Nẵng', [4, 7]],
  KH: ['Khánh Hòa', [4, 1]],
  BDI: ['Bình Định', [5]],
  QT: ['Quảng Trị', [5]],
  QB: ['Quảng Bình', [5]],
  GL: ['Gia Lai', [6]],
  NT: ['Ninh Thuận', [6]],
  QNG: ['Quảng Ngãi', [7]],
  DNO: ['Đắk Nông', [7]],
  KT: ['Kon Tum', [1]],
};
const SOUTH: Record<string, [string, number[]]> = {
  HCM: ['TP. Hồ Chí Minh', [2, 7]],
  DT: ['Đồng Tháp', [2]],
  CM: ['Cà Mau', [2]],
  BTR: ['Bến Tre', [3]],
  VT: ['Vũng Tàu', [3]],
  BL: ['Bạc Liêu', [3]],
  DN: ['Đồng Nai', [4]],
  CT: ['Cần Thơ', [4]],
  ST: ['Sóc Trăng', [4]],
  TN: ['Tây Ninh', [5]],
  AG: ['An Giang', [5]],
  BTH: ['Bình Thuận', [5]],
  VL: ['Vĩnh Long', [6]],
  BD: ['Bình Dương', [6]],
  TV: ['Trà Vinh', [6]],
  LA: ['Long An', [7]],
  BP: ['Bình Phước', [7]],
  HG: ['Hậu Giang', [7]],
  TG: ['Tiền Giang', [1]],
  KG: ['Kiên Giang', [1]],
  LD: ['Đà Lạt', [1]],
};

const DAILY_LOCK = 15 * 60;
const provinces = (
  rota: Record<string, [string, number[]]>,
  prefix: string,
  tag: LotteryTag,
  time: string,
): Lottery[] =>
  Object.entries(rota).map(([code, [name, days]]) => ({
    code: `${prefix}_${code}`,
    name,
    tag,
    gameType: 'LOTT',
    vendor: LOTTERY_VENDORS.LOTT,
    structure: 'SOUTH',
    schedule: { kind: 'daily', time, days: [...days].sort() },
    lockSeconds: DAILY_LOCK,
    results: 'OFFICIAL',
  }));

export const LOTTERIES: readonly Lottery[] = [
  {
    code: 'XSMB',
    name: 'Miền Bắc',
    tag: 'MB',
    gameType: 'LOTT',
    vendor: LOTTERY_VENDORS.LOTT,
    structure: 'NORTH',
    schedule: { kind: 'daily', time: '18:15', days: ALL_DAYS },
    lockSeconds: DAILY_LOCK,
    results: 'OFFICIAL',
  },
  ...provinces(CENTRAL, 'XSMT', 'MT', '17:15'),
  ...provinces(SOUTH, 'XSMN', 'MN', '16:15'),
  ...[1, 3, 5].map(
    (m): Lottery => ({
      code: `VN${m}P`,
      name: `Siêu tốc ${m}'`,
      tag: 'FAST',
      gameType: 'ELOTT',
      vendor: LOTTERY_VENDORS.ELOTT,
      structure: 'NORTH',
      schedule: { kind: 'every', everyMinutes: m },
      lockSeconds: 10,
      results: 'HOUSE',
    }),
  ),
  // Keno of the GPI vendor: 20 of 01–80 every 5 minutes; results only (no lô/đề bets apply, see service `place`).
  {
    code: 'KENO5',
    name: "Keno 5'",
    tag: 'KENO',
    gameType: 'ELOTT',
    vendor: LOTTERY_VENDORS.KENO,
    structure: 'KENO',
    schedule: { kind: 'every', everyMinutes: 5 },
    lockSeconds: 10,
    results: 'HOUSE',
  },
];

export const lotteryByCode = new Map(LOTTERIES.map((l) => [l.code, l]));

/** The lotteries settled on the state companies' results (XSMB, XSMT, XSMN), by the catalogue's flag. */
export const OFFICIAL_CODES: readonly string[] = LOTTERIES.filter((l) => l.results === 'OFFICIAL').map(
  (l) => l.code,
);
