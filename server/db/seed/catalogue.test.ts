import { describe, expect, it } from 'vitest';
import type { GameType } from '../../../contract/games.ts';
import { playPath } from '../../modules/inhouse/titles.ts';
import { ALL_VENDORS, buildCatalogue } from './catalogue.ts';

const SPEC_PROVIDERS: Record<string, string[]> = {
  FISH: ['AG', 'BBIN', 'CQ9', 'GG', 'PT', 'RTG'],
  LIVE: ['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP'],
  PVP: ['KX', 'KY', 'TH', 'WS', 'XY'],
  RNG: ['AE', 'AG', 'CQ9', 'GG', 'ISB', 'MG', 'MGS', 'PNG', 'PT', 'RTG', 'TTG', 'WD'],
  SPORTS: ['IBC', 'SBT', 'UG', 'BTI'],
  ESPORTS: ['TF'],
  LOTT: ['TCG_LOTTO_VN'],
  ELOTT: ['TCG_SEA', 'GPI'],
  INHOUSE: ['PORTICO'],
};

const CLASSES: Record<GameType, string[]> = {
  RNG: ['SLOT', 'TABLE', 'ARCADE', 'VIDEO_POKER'],
  FISH: ['FISHING'],
  LIVE: ['BACCARAT', 'ROULETTE', 'SICBO', 'DRAGON_TIGER', 'BLACKJACK'],
  PVP: ['CARD', 'MAHJONG'],
  INHOUSE: ['SLOT', 'MINI'],
  SPORTS: ['LOBBY'],
  ESPORTS: ['LOBBY'],
  COCKFIGHT: ['LOBBY'],
  LOTT: ['LOBBY'],
  ELOTT: ['LOBBY'],
};

const LOBBY_ONLY: GameType[] = ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];

describe('buildCatalogue', () => {
  const { vendors, games } = buildCatalogue({ vendors: ALL_VENDORS, seed: 1 });

  it('covers every provider code of the spec, and no cockfight vendor', () => {
    for (const [type, codes] of Object.entries(SPEC_PROVIDERS))
      for (const code of codes)
        expect(vendors).toContainEqual(expect.objectContaining({ vassalage: code, gameType: type }));
    expect(vendors).toHaveLength(Object.values(SPEC_PROVIDERS).flat().length);
    expect(vendors.some((v) => v.gameType === 'COCKFIGHT' || v.gameCategory === 'COCKFIGHT')).toBe(false);
  });

  it('maps lottery types to the LOTTERY category and gives every vendor a display name', () => {
    for (const v of vendors) {
      const expected = v.gameType === 'LOTT' || v.gameType === 'ELOTT' ? 'LOTTERY' : v.gameType;
      expect(v.gameCategory).toBe(expected);
      expect(v.displayName.length).toBeGreaterThan(1);
    }
    const name = (code: string) => vendors.find((v) => v.vassalage === code)?.displayName;
    expect(name('PNG')).toBe("Play'n GO");
    expect(name('TCG_LOTTO_VN')).toBe('TCG Lotto VN');
    expect(name('GPI')).toBe('GPI Keno');
  });

  it('has at least 1,500 games, with the default count per vendor', () => {
    expect(games.length).toBeGreaterThanOrEqual(1500);
    const count = (code: string, type: GameType) =>
      games.filter((g) => g.vassalage === code && g.gameType === type).length;
    expect(count('PNG', 'RNG')).toBe(100);
    expect(count('AG', 'FISH')).toBe(12);
    expect(count('DG', 'LIVE')).toBe(14);
    expect(count('KY', 'PVP')).toBe(20);
    expect(count('PORTICO', 'INHOUSE')).toBe(6);
    expect(count('BTI', 'SPORTS')).toBe(1);
    expect(count('TF', 'ESPORTS')).toBe(1);
    expect(count('TCG_LOTTO_VN', 'LOTT')).toBe(12);
    expect(count('GPI', 'ELOTT')).toBe(8);
  });

  it('names every game in English and Vietnamese', () => {
    for (const g of games) {
      expect(g.names.en.trim()).not.toBe('');
      expect(g.names.vi.trim()).not.toBe('');
      expect(g.names.en).toBe(g.names.en.trim());
    }
    const themed = games.filter((g) => g.gameType === 'RNG' || g.gameType === 'FISH');
    const translated = themed.filter((g) => g.names.vi !== g.names.en);
    expect(translated.length / themed.length).toBeGreaterThan(0.9);
    expect(
      games.some((g) =>
        /[ăâđêôơưàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]/i.test(g.names.vi),
      ),
    ).toBe(true);
  });

  it('gives names in the style of each type', () => {
    const lott = games.filter((g) => g.gameType === 'LOTT').map((g) => g.names.vi);
    expect(lott).toContain('Miền Bắc');
    expect(lott).toContain('TP. Hồ Chí Minh');
    const live = games.filter((g) => g.gameType === 'LIVE');
    expect(live.some((g) => /^Baccarat [A-H]$/.test(g.names.en) && g.names.vi === g.names.en)).toBe(true);
    expect(live.filter((g) => g.names.en === 'Roulette').every((g) => g.names.vi === 'Cò quay')).toBe(true);
    expect(games.find((g) => g.vassalage === 'BTI')?.names.en).toBe('BTI Sports');
    expect(games.find((g) => g.vassalage === 'TF')?.names.en).toBe('TF Gaming');
  });

  it('keeps node ids unique and names unique within a vendor and type', () => {
    expect(new Set(games.map((g) => g.nodeId)).size).toBe(games.length);
    const groups = new Map<string, string[]>();
    for (const g of games) {
      const key = `${g.vassalage}|${g.gameType}`;
      groups.set(key, [...(groups.get(key) ?? []), g.names.en]);
    }
    for (const names of groups.values()) expect(new Set(names).size).toBe(names.length);
  });

  it("varies a vendor's names", () => {
    const names = games.filter((g) => g.vassalage === 'PT' && g.gameType === 'RNG').map((g) => g.names.en);
    const firstWords = new Set(names.map((n) => n.split(' ')[0]));
    const lastWords = new Set(names.map((n) => n.split(' ').at(-1)));
    expect(firstWords.size).toBeGreaterThan(20);
    expect(lastWords.size).toBeGreaterThan(20);
  });

  it('uses the classes and values of each type', () => {
    for (const g of games) {
      expect(CLASSES[g.gameType]).toContain(g.gameClassify);
      expect([100, 200, 500, 1000, 2000]).toContain(g.minBet);
      expect(g.nodeId.startsWith(`${g.vassalage}_${g.gameType}_`)).toBe(true);
    }
    const rngClasses = games.filter((g) => g.gameType === 'RNG').map((g) => g.gameClassify);
    expect(rngClasses.filter((c) => c === 'SLOT').length / rngClasses.length).toBeGreaterThan(0.6);
    expect(new Set(rngClasses).size).toBe(4);
  });

  it('lists the in-house titles as they are built: each its own engine, all with free play', () => {
    const inhouse = games.filter((g) => g.vassalage === 'PORTICO');
    expect(inhouse.map((g) => [g.names.en, g.gameClassify])).toEqual([
      ['Mega Cherries', 'SLOT'],
      ['Dice', 'MINI'],
      ['Hi-Lo', 'MINI'],
      ['Mines Gold', 'MINI'],
      ['Bingo Turbo', 'MINI'],
      ['Wolf Fortune', 'SLOT'],
    ]);
    expect(inhouse.map((g) => playPath(g.nodeId))).toEqual([
      '/play/slot',
      '/play/dice',
      '/play/hilo',
      '/play/mines',
      '/play/bingo',
      '/play/slot',
    ]);
    expect(inhouse.every((g) => g.supportPlay)).toBe(true);
  });

  it('never offers free play on sports, esports and lottery games', () => {
    for (const g of games.filter((g) => LOBBY_ONLY.includes(g.gameType))) expect(g.supportPlay).toBe(false);
    const others = games.filter((g) => !LOBBY_ONLY.includes(g.gameType));
    const share = others.filter((g) => g.supportPlay).length / others.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.7);
  });

  it('flags about a tenth of games new and enough RNG games hot', () => {
    expect(games.filter((g) => g.gameType === 'RNG' && g.isHot).length).toBeGreaterThanOrEqual(8);
    const newShare = games.filter((g) => g.isNew).length / games.length;
    expect(newShare).toBeGreaterThan(0.05);
    expect(newShare).toBeLessThan(0.15);
    const hotShare = games.filter((g) => g.isHot).length / games.length;
    expect(hotShare).toBeGreaterThan(0.04);
    expect(hotShare).toBeLessThan(0.12);
  });

  it('has at least 8 hot RNG games even for a small catalogue', () => {
    const small = buildCatalogue({
      vendors: [{ vassalage: 'PT', gameType: 'RNG' }],
      seed: 3,
      gamesPerVendor: { RNG: 10 },
    });
    expect(small.games).toHaveLength(10);
    expect(small.games.filter((g) => g.isHot).length).toBeGreaterThanOrEqual(8);
  });

  it('numbers repeats when a type has fewer names than games', () => {
    const big = buildCatalogue({
      vendors: [{ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT' }],
      seed: 1,
      gamesPerVendor: { LOTT: 40 },
    });
    const names = big.games.map((g) => g.names.en);
    expect(new Set(names).size).toBe(40);
  });

  it('is deterministic in the profile', () => {
    expect(buildCatalogue({ vendors: ALL_VENDORS, seed: 1 })).toEqual({ vendors, games });
    const other = buildCatalogue({ vendors: ALL_VENDORS, seed: 2 });
    expect(other.games.length).toBe(games.length);
    expect(other.games).not.toEqual(games);
    const changed = other.games.filter((g, i) => g.names.en !== games[i]?.names.en).length;
    expect(changed).toBeGreaterThan(games.length / 2);
  });

  it("keeps a vendor's games when other vendors are left out", () => {
    const some = buildCatalogue({ vendors: ALL_VENDORS.filter((v) => v.vassalage !== 'MG'), seed: 1 });
    const pick = (list: typeof games) => list.filter((g) => g.vassalage === 'PNG');
    expect(pick(some.games)).toEqual(pick(games));
  });
});
