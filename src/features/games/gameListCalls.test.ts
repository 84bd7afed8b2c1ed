import { describe, expect, it } from 'vitest';
import type { GameListRequest } from '../../../machines/gameList.machine.ts';
import { gameListCall } from './gameListCalls.ts';

const request = (overrides: Partial<GameListRequest> = {}): GameListRequest => ({
  mode: 'game',
  classify: 'ALL',
  vendor: null,
  gameName: '',
  minBet: null,
  language: 'en',
  gameType: 'RNG',
  inhouse: false,
  page: 2,
  pageSize: 20,
  ...overrides,
});

describe('gameListCall: which spec §7 call a list request makes', () => {
  it('game mode: the game list of the lobby’s type, client type 3, with the paging', () => {
    expect(gameListCall(request({ vendor: 'PG' }))).toEqual({
      kind: 'list',
      query: {
        clientType: 3,
        platform: 'html5-desktop',
        gameType: 'RNG',
        vassalage: 'PG',
        language: 'en',
        pageNo: 2,
        pageSize: 20,
      },
    });
  });

  it('class NEW asks for isNew, a vendor-defined class for gameClassify, a search for the name', () => {
    expect(gameListCall(request({ classify: 'NEW' })).query).toMatchObject({ isNew: '1' });
    expect(gameListCall(request({ classify: 'NEW' })).query).not.toHaveProperty('gameClassify');
    expect(gameListCall(request({ classify: 'BACCARAT', gameType: 'LIVE' })).query).toMatchObject({
      gameClassify: 'BACCARAT',
      gameType: 'LIVE',
    });
    expect(gameListCall(request({ gameName: 'tiger', pageSize: 28 })).query).toMatchObject({
      gameName: 'tiger',
      pageSize: 28,
    });
    expect(gameListCall(request()).query).not.toHaveProperty('gameName');
  });

  it('the minimum-bet filter is the game list’s minBet; the other calls have none', () => {
    expect(gameListCall(request({ minBet: 500 })).query).toMatchObject({ minBet: 500 });
    expect(gameListCall(request()).query).not.toHaveProperty('minBet');
    expect(gameListCall(request({ minBet: 500, classify: 'HOT' })).query).not.toHaveProperty('minBet');
    expect(gameListCall(request({ minBet: 500, mode: 'recent' })).query).not.toHaveProperty('minBet');
  });

  it('class FAV lists the member’s favourites of the lobby’s type; fav mode lists them all', () => {
    expect(gameListCall(request({ classify: 'FAV', gameType: 'LIVE', vendor: 'EVO' }))).toEqual({
      kind: 'fav',
      query: { vendor: 'EVO', gameType: 'LIVE', language: 'en', pageNo: 2, pageSize: 20 },
    });
    expect(gameListCall(request({ mode: 'fav', page: 1, pageSize: 999 }))).toEqual({
      kind: 'fav',
      query: { vendor: undefined, language: 'en', pageNo: 1, pageSize: 999 },
    });
  });

  it('class HOT lists the hot games of the lobby’s type; hot mode lists every hot game', () => {
    expect(gameListCall(request({ classify: 'HOT', gameType: 'FISH' }))).toEqual({
      kind: 'hot',
      query: { vassalage: undefined, language: 'en', isPlatform: 2, platform: 'html5-desktop' },
      onlyType: 'FISH',
    });
    expect(gameListCall(request({ mode: 'hot', vendor: 'PG' }))).toEqual({
      kind: 'hot',
      query: { vassalage: 'PG', language: 'en', isPlatform: 2, platform: 'html5-desktop' },
    });
  });

  it('recent mode lists the member’s recent games of the lobby’s type, whatever the class', () => {
    expect(gameListCall(request({ mode: 'recent', classify: 'FAV' })).kind).toBe('recent');
    expect(gameListCall(request({ mode: 'fav', classify: 'HOT' })).kind).toBe('fav');
    expect(gameListCall(request({ mode: 'recent', classify: 'NEW' }))).toEqual({
      kind: 'recent',
      query: {
        clientType: 3,
        vassalage: undefined,
        gameType: 'RNG',
        language: 'en',
        pageNo: 2,
        pageSize: 20,
      },
    });
  });
});
