import type { GameCategory, GameType } from '../../../contract/games.ts';
import { mulberry32 } from '../../lib/seededRandom.ts';
import { INHOUSE_TITLES } from '../../modules/inhouse/titles.ts';
import { INHOUSE_VENDOR } from '../../ports/gameVendor.ts';

/**
 * Deterministic demo game catalogue: vendors of spec §3 and their games, with English and Vietnamese
 * names composed from word banks. The same profile always yields the same catalogue.
 */

export interface SeedVendor {
  vassalage: string;
  gameType: GameType;
  gameCategory: GameCategory;
  displayName: string;
  sort: number;
}

export interface SeedGame {
  nodeId: string;
  vassalage: string;
  gameType: GameType;
  names: { en: string; vi: string };
  gameClassify: string;
  isNew: boolean;
  isHot: boolean;
  supportPlay: boolean;
  minBet: number;
  sort: number;
}

export interface CatalogueProfile {
  vendors: ReadonlyArray<{ vassalage: string; gameType: GameType }>;
  seed: number;
  gamesPerVendor?: Partial<Record<GameType, number>>;
}

/** Provider codes of spec §3 per game type; GPI is the Keno vendor of the lottery widget. No cockfight vendor. */
const SPEC_CODES: Record<GameType, readonly string[]> = {
  FISH: ['AG', 'BBIN', 'CQ9', 'GG', 'PT', 'RTG'],
  LIVE: ['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP'],
  PVP: ['KX', 'KY', 'TH', 'WS', 'XY'],
  RNG: ['AE', 'AG', 'CQ9', 'GG', 'ISB', 'MG', 'MGS', 'PNG', 'PT', 'RTG', 'TTG', 'WD'],
  SPORTS: ['IBC', 'SBT', 'UG', 'BTI'],
  ESPORTS: ['TF'],
  LOTT: ['TCG_LOTTO_VN'],
  ELOTT: ['TCG_SEA', 'GPI'],
  INHOUSE: ['PORTICO'],
  COCKFIGHT: [],
};

export const ALL_VENDORS: ReadonlyArray<{ vassalage: string; gameType: GameType }> = Object.entries(
  SPEC_CODES,
).flatMap(([gameType, codes]) => codes.map((vassalage) => ({ vassalage, gameType: gameType as GameType })));

const DISPLAY_NAMES: Record<string, string> = {
  AE: 'AE Gaming',
  AG: 'Asia Gaming',
  BBIN: 'BBIN Gaming',
  BG: 'Big Gaming',
  BTI: 'BTI Sports',
  CQ9: 'CQ9 Gaming',
  DG: 'Dream Gaming',
  EA: 'EA Live Casino',
  GG: 'GG Gaming',
  GPI: 'GPI Keno',
  IBC: 'IBC Sports',
  ISB: 'iSoftBet',
  KX: 'KX Cards',
  KY: 'Kaiyuan Gaming',
  LOTUS: 'Lotus Live',
  MG: 'Microgaming',
  MGS: 'MG Slots',
  OG: 'Oriental Game',
  PNG: "Play'n GO",
  PORTICO: 'Portico Originals',
  PT: 'Playtech',
  RTG: 'Realtime Gaming',
  SBT: 'SBTech',
  TCG_LOTTO_VN: 'TCG Lotto VN',
  TCG_SEA: 'TCG SEA Lottery',
  TF: 'TF Gaming',
  TGP: 'TGP Live',
  TH: 'TH Cards',
  TTG: 'Top Trend Gaming',
  UG: 'UG Sports',
  WD: 'WD Gaming',
  WS: 'WinStar Cards',
  XY: 'XY Poker',
};

/** Default number of games per vendor of each type (ALL_VENDORS yields 1,537 games). */
const GAMES_PER_VENDOR: Record<GameType, number> = {
  RNG: 100,
  FISH: 12,
  LIVE: 14,
  PVP: 20,
  INHOUSE: 6,
  SPORTS: 1,
  ESPORTS: 1,
  COCKFIGHT: 1,
  LOTT: 12,
  ELOTT: 8,
};

/** Lobby-only types: their games open a vendor lobby and have no free play. */
const LOBBY_TYPES: ReadonlySet<GameType> = new Set(['SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT']);
const MIN_BETS = [100, 200, 500, 1000, 2000] as const;

// ---------------------------------------------------------------------------------------------------------
// Word banks. A bank is written 'en|vi; en|vi; …' (vi defaults to en). A template fills {0}, {1}, … with the
// chosen words of each part, {v} with the vendor's display name and {c} with its code; a chosen word may
// itself hold {0} (name frames such as "Rise of the {0}"). Vietnamese puts the noun before the adjective.

type Pair = readonly [en: string, vi: string];
interface Bank {
  w: number;
  parts: ReadonlyArray<readonly Pair[]>;
  tpl: Pair;
}
interface ClassSpec {
  cls: string;
  w: number;
  banks: readonly Bank[];
  /** Take combinations in order instead of at random (e.g. lottery regions first). */
  ordered?: boolean;
}

const words = (s: string): Pair[] =>
  s.split(';').map((x) => {
    const [en = '', vi] = x.split('|');
    return [en.trim(), (vi ?? en).trim()];
  });

const ADJ = words(
  'Golden|Vàng; Lucky|May Mắn; Wild|Hoang Dã; Mystic|Huyền Bí; Royal|Hoàng Gia; Blazing|Rực Lửa; Jade|Ngọc Bích;' +
    'Silver|Bạc; Crystal|Pha Lê; Thunder|Sấm Sét; Ancient|Cổ Đại; Sacred|Linh Thiêng; Diamond|Kim Cương;' +
    'Midnight|Nửa Đêm; Emerald|Lục Bảo; Dancing|Nhảy Múa; Happy|Vui Vẻ; Mighty|Hùng Mạnh; Eternal|Vĩnh Cửu;' +
    'Crimson|Đỏ Thắm; Frozen|Băng Giá; Secret|Bí Mật; Shining|Rực Rỡ; Magic|Kỳ Diệu; Imperial|Đế Vương;' +
    'Sapphire|Lam Ngọc; Ruby|Hồng Ngọc; Twin|Song Sinh; Great|Vĩ Đại; Celestial|Thiên Giới',
);
const NOUN = words(
  'Dragon|Rồng; Tiger|Hổ; Phoenix|Phượng Hoàng; Panda|Gấu Trúc; Lotus|Hoa Sen; Carp|Cá Chép; Temple|Đền Thờ;' +
    'Empress|Nữ Hoàng; Emperor|Hoàng Đế; Treasure|Kho Báu; Gems|Đá Quý; Pearl|Ngọc Trai; Buffalo|Trâu Rừng;' +
    'Elephant|Voi; Lion|Sư Tử; Wolf|Sói; Eagle|Đại Bàng; Fruits|Trái Cây; Stars|Ngôi Sao; Moon|Mặt Trăng;' +
    'Sun|Mặt Trời; Ocean|Đại Dương; Jungle|Rừng Rậm; Pirates|Cướp Biển; Samurai|Võ Sĩ Đạo; Warriors|Chiến Binh;' +
    'Kingdom|Vương Quốc; Castle|Lâu Đài; Lanterns|Đèn Lồng; Festival|Lễ Hội; Coins|Đồng Xu; Bells|Chuông Vàng;' +
    'Cherries|Anh Đào; Genie|Thần Đèn; Mermaid|Nàng Tiên Cá; Goddess|Nữ Thần; Monkey|Khỉ; Stallion|Tuấn Mã;' +
    'Unicorn|Kỳ Lân; Volcano|Núi Lửa; Garden|Khu Vườn; Fox|Cáo; Turtle|Rùa; Crane|Hạc; Rooster|Gà Trống;' +
    'Wizard|Phù Thủy; Princess|Công Chúa; Cowboys|Cao Bồi',
);
const FRAME = words(
  '{0} Legends|Huyền Thoại {0}; Rise of the {0}|{0} Trỗi Dậy; {0} Riches|{0} Phú Quý; {0} Fortune|{0} Phát Tài;' +
    'Return of the {0}|{0} Trở Lại; {0} Quest|Truy Tìm {0}; {0} Party|Bữa Tiệc {0}; Book of the {0}|Bí Kíp {0};' +
    'Mega {0}|{0} Khổng Lồ; {0} Hold & Win|{0} Hold & Win',
);
const EDITION = words('Deluxe; Megaways; Hold & Win; Jackpot|Nổ Hũ; Power Reels; 2');
const TABLE_VARIANT = words(
  'Classic|Cổ Điển; European|Châu Âu; American|Kiểu Mỹ; Multihand|Nhiều Tay; VIP; Premium|Cao Cấp; Mini',
);
const TABLE_GAME = words(
  "Blackjack|Xì Dách; Roulette|Cò Quay; Baccarat; Sic Bo|Tài Xỉu; Three Card Poker|Poker Ba Lá; Casino Hold'em|Hold'em Sòng Bài; Dragon Tiger|Rồng Hổ",
);
const ARCADE = words(
  'Plinko; Mines|Dò Mìn; Aviator|Phi Công; Keno; Hi-Lo|Cao Thấp; Dice|Xúc Xắc; Wheel of Fortune|Vòng Quay May Mắn;' +
    'Scratch Card|Thẻ Cào; Bingo; Tower|Leo Tháp; Coin Flip|Tung Đồng Xu; Limbo; Penalty Shootout|Đá Phạt Đền',
);
const ARCADE_MOD = words('|; X; Turbo|Siêu Tốc; Mini; Gold|Vàng');
const POKER = words(
  'Jacks or Better; Deuces Wild; Joker Poker|Poker Joker; Aces and Faces; Bonus Poker|Poker Thưởng; Double Bonus Poker|Poker Thưởng Kép',
);
const HANDS = words('|; 10-Hand|10 Tay; 50-Hand|50 Tay; Triple Play|3 Tay');
const FISH_A = words(
  'Ocean|Đại Dương; Deep Sea|Biển Sâu; Dragon|Rồng; Mermaid|Tiên Cá; Shark|Cá Mập; Coral|San Hô; Treasure|Kho Báu;' +
    'Fishing|Bắn Cá; Kraken|Thủy Quái; Tsunami|Sóng Thần; Jackpot|Nổ Hũ; Golden Toad|Cóc Vàng',
);
const FISH_N = words(
  'Hunter|Thợ Săn; King|Vua; Paradise|Thiên Đường; Battle|Đại Chiến; Party|Bữa Tiệc; Legend|Huyền Thoại;' +
    'Master|Cao Thủ; Kingdom|Vương Quốc; Frenzy|Cuồng Nộ',
);
const LETTER = words('A; B; C; D; E; F; G; H');
const BACCARAT_MOD = words('|; Speed|Tốc độ; Squeeze|Nặn bài; No Commission|Không hoa hồng; VIP');
const ROULETTE = words(
  'Roulette|Cò quay; Auto Roulette|Cò quay Tự động; Lightning Roulette|Cò quay Tia chớp; Speed Roulette|Cò quay Tốc độ; VIP Roulette|Cò quay VIP; Double Ball Roulette|Cò quay Hai bi',
);
const SICBO = words(
  'Sic Bo|Tài xỉu; Super Sic Bo|Tài xỉu Siêu cấp; Speed Sic Bo|Tài xỉu Tốc độ; Fish Prawn Crab|Bầu cua',
);
const DRAGON_TIGER = words(
  'Dragon Tiger|Rồng Hổ; Speed Dragon Tiger|Rồng Hổ Tốc độ; VIP Dragon Tiger|Rồng Hổ VIP',
);
const BLACKJACK = words('Blackjack|Xì dách; VIP Blackjack|Xì dách VIP; Speed Blackjack|Xì dách Tốc độ');
const CARD = words(
  "Tien Len|Tiến Lên Miền Nam; Phom|Phỏm; Mau Binh|Mậu Binh; Sam Loc|Sâm Lốc; Texas Hold'em|Xì Tố Texas;" +
    'Blackjack|Xì Dách; Three Cards|Ba Cây; Fight the Landlord|Đấu Địa Chủ; Golden Flower|Kim Hoa; Rummy; Poker',
);
const MAHJONG = words(
  'Mahjong|Mạt Chược; Sichuan Mahjong|Mạt Chược Tứ Xuyên; Cantonese Mahjong|Mạt Chược Quảng Đông; Two-Player Mahjong|Mạt Chược Hai Người; Mahjong Ways|Đường Mạt Chược',
);
const ROOM = words('|; Classic|Cổ Điển; Rush|Siêu Tốc; VIP; Pro|Cao Thủ; Newbie|Tân Thủ');
const VN_LOTTERY = words(
  'Northern VN|Miền Bắc; Central VN|Miền Trung; Southern VN|Miền Nam; Ho Chi Minh City|TP. Hồ Chí Minh;' +
    'Da Nang|Đà Nẵng; Can Tho|Cần Thơ; Dong Nai|Đồng Nai; Khanh Hoa|Khánh Hòa; Vung Tau|Vũng Tàu; Ben Tre|Bến Tre;' +
    'Thua Thien Hue|Thừa Thiên Huế; Binh Duong|Bình Dương; Tay Ninh|Tây Ninh; An Giang; Dong Thap|Đồng Tháp;' +
    'Ca Mau|Cà Mau; Quang Nam|Quảng Nam; Gia Lai; Binh Dinh|Bình Định; Kien Giang|Kiên Giang; Lam Dong|Lâm Đồng',
);
const SEA_GAME = words(
  'Northern Express|Miền Bắc Siêu tốc; Southern Express|Miền Nam Siêu tốc; Mega 6/45; Power 6/55; Max 3D; Lucky 5|May mắn 5',
);
const KENO_GAME = words(
  'Keno; Super Keno|Keno Siêu cấp; Keno Vietnam|Keno Việt Nam; Keno Turbo|Keno Siêu tốc',
);
const DRAW = words('45 Seconds|45 giây; 1 Minute|1 phút; 3 Minutes|3 phút; 5 Minutes|5 phút');

const bank = (w: number, tpl: string, parts: ReadonlyArray<readonly Pair[]>): Bank => {
  const [en = '', vi] = tpl.split('|');
  return { w, parts, tpl: [en, vi ?? en] };
};
const one = (cls: string, w: number, ...banks: Bank[]): ClassSpec => ({ cls, w, banks });
const lobby = (tpl: string): ClassSpec[] => [one('LOBBY', 1, bank(1, tpl, []))];

const SLOT_BANKS = [
  bank(6, '{0} {1}|{1} {0}', [ADJ, NOUN]),
  bank(3, '{1}|{1}', [NOUN, FRAME]),
  bank(1, '{0} {1} {2}|{1} {0} {2}', [ADJ, NOUN, EDITION]),
];
const ARCADE_BANK = bank(1, '{0} {1}|{0} {1}', [ARCADE, ARCADE_MOD]);
const ROOM_TPL = '{0} {1}|{0} {1}';

/** Vendor-defined classes per game type, with their share of games and their name banks. */
const CLASSES: Record<GameType, readonly ClassSpec[]> = {
  RNG: [
    one('SLOT', 82, ...SLOT_BANKS),
    one('TABLE', 8, bank(1, '{0} {1}|{1} {0}', [TABLE_VARIANT, TABLE_GAME])),
    one('ARCADE', 6, ARCADE_BANK),
    one('VIDEO_POKER', 4, bank(1, '{0} {1}|{0} {1}', [POKER, HANDS])),
  ],
  FISH: [one('FISHING', 1, bank(1, '{0} {1}|{1} {0}', [FISH_A, FISH_N]))],
  LIVE: [
    one('BACCARAT', 45, bank(1, '{0} Baccarat {1}|Baccarat {0} {1}', [BACCARAT_MOD, LETTER])),
    one('ROULETTE', 18, bank(1, '{0}', [ROULETTE])),
    one('SICBO', 14, bank(1, '{0}', [SICBO])),
    one('DRAGON_TIGER', 12, bank(1, '{0}', [DRAGON_TIGER])),
    one('BLACKJACK', 11, bank(1, '{0} {1}', [BLACKJACK, LETTER])),
  ],
  PVP: [
    one('CARD', 75, bank(1, ROOM_TPL, [CARD, ROOM])),
    one('MAHJONG', 25, bank(1, ROOM_TPL, [MAHJONG, ROOM])),
  ],
  INHOUSE: [], // INHOUSE_TITLES
  SPORTS: lobby('{v}|Thể thao {c}'),
  ESPORTS: lobby('{v}|Thể thao điện tử {c}'),
  COCKFIGHT: lobby('{v}|Đá gà {c}'),
  LOTT: [{ cls: 'LOBBY', w: 1, ordered: true, banks: [bank(1, '{0}', [VN_LOTTERY])] }],
  ELOTT: [one('LOBBY', 1, bank(1, '{0} {1}', [SEA_GAME, DRAW]))],
};
/** Vendors whose games differ from the rest of their type. */
const VENDOR_CLASSES: Record<string, readonly ClassSpec[]> = {
  GPI: [one('LOBBY', 1, bank(1, '{0} {1}', [KENO_GAME, DRAW]))],
};

// ---------------------------------------------------------------------------------------------------------

type Rand = () => number;

/** FNV-1a 32-bit hash of a string. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

function weighted<T extends { w: number }>(r: Rand, xs: readonly T[]): T {
  let x = r() * xs.reduce((sum, it) => sum + it.w, 0);
  for (const it of xs) {
    x -= it.w;
    if (x < 0) return it;
  }
  return xs[xs.length - 1]!;
}

const categoryOf = (t: GameType): GameCategory => (t === 'LOTT' || t === 'ELOTT' ? 'LOTTERY' : t);

/** Draws one name of a class: at random, or the k-th combination for ordered classes. */
function drawName(spec: ClassSpec, r: Rand, k: number, vendor: { code: string; name: string }): Pair {
  const b = spec.ordered ? spec.banks[0]! : weighted(r, spec.banks);
  let rest = k;
  const chosen = b.parts.map((part) => {
    if (!spec.ordered) return pick(r, part);
    const it = part[rest % part.length]!;
    rest = Math.floor(rest / part.length);
    return it;
  });
  const fill = (tpl: string, lang: 0 | 1) =>
    tpl.replace(/\{(\d|v|c)\}/g, (_, key: string) =>
      key === 'v' ? vendor.name : key === 'c' ? vendor.code : (chosen[Number(key)]?.[lang] ?? ''),
    );
  const finish = (lang: 0 | 1) => fill(fill(b.tpl[lang], lang), lang).replace(/\s+/g, ' ').trim();
  return [finish(0), finish(1)];
}

/** Builds the vendors and games of a profile; deterministic in the profile. */
export function buildCatalogue(profile: CatalogueProfile): { vendors: SeedVendor[]; games: SeedGame[] } {
  const vendors: SeedVendor[] = [];
  const games: SeedGame[] = [];
  const perType = new Map<GameType, number>();

  for (const { vassalage, gameType } of profile.vendors) {
    const displayName = DISPLAY_NAMES[vassalage] ?? vassalage;
    const sort = perType.get(gameType) ?? 0;
    perType.set(gameType, sort + 1);
    vendors.push({ vassalage, gameType, gameCategory: categoryOf(gameType), displayName, sort });

    // The in-house titles are a fixed list: each is its own game, with its engine on our server.
    if (vassalage === INHOUSE_VENDOR && gameType === 'INHOUSE') {
      INHOUSE_TITLES.forEach(({ engine: _, ...title }, sort) => {
        games.push({ ...title, vassalage, gameType, supportPlay: true, sort });
      });
      continue;
    }
    // One stream per vendor, so adding or removing a vendor leaves the other vendors' games unchanged.
    const r = mulberry32(fnv1a(`${profile.seed}|${vassalage}|${gameType}`));
    const classes = VENDOR_CLASSES[vassalage] ?? CLASSES[gameType];
    const count = profile.gamesPerVendor?.[gameType] ?? GAMES_PER_VENDOR[gameType];
    const seenEn = new Set<string>();
    const seenVi = new Set<string>();
    const perClass = new Map<string, number>();
    const vendor = { code: vassalage, name: displayName };

    for (let n = 0; n < count; n++) {
      const spec = weighted(r, classes);
      let k = perClass.get(spec.cls) ?? 0;
      let [en, vi] = drawName(spec, r, k++, vendor);
      for (let tries = 0; tries < 40 && (seenEn.has(en) || seenVi.has(vi)); tries++)
        [en, vi] = drawName(spec, r, k++, vendor);
      perClass.set(spec.cls, k);
      // A bank that ran out of fresh names numbers its repeats.
      const base: Pair = [en, vi];
      for (let i = 2; seenEn.has(en) || seenVi.has(vi); i++)
        [en, vi] = [`${base[0]} ${i}`, `${base[1]} ${i}`];
      seenEn.add(en);
      seenVi.add(vi);

      games.push({
        nodeId: `${vassalage}_${gameType}_${n + 1}`,
        vassalage,
        gameType,
        names: { en, vi },
        gameClassify: spec.cls,
        isNew: r() < 0.1,
        isHot: r() < 0.08,
        supportPlay: !LOBBY_TYPES.has(gameType) && r() < 0.6,
        minBet: pick(r, MIN_BETS),
        sort: n,
      });
    }
  }

  // The home page's hot row shows 8 hot games: make sure there are enough slots to fill it.
  const rng = games.filter((g) => g.gameType === 'RNG');
  let hot = rng.filter((g) => g.isHot).length;
  for (const g of rng) {
    if (hot >= 8) break;
    if (!g.isHot) {
      g.isHot = true;
      hot++;
    }
  }
  return { vendors, games };
}
