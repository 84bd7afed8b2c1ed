import { describe, expect, it } from 'vitest';
import { bannerGroupOf, bannersFor, mustLogIn } from './routesMap.ts';

const b = (groupName: Parameters<typeof bannersFor>[0][number]['groupName'], id: number) => ({
  groupName,
  id,
});

describe('banner area by route group', () => {
  it('maps lobby, lottery and home aliases to their groups', () => {
    expect(bannerGroupOf('/')).toBe('home');
    expect(bannerGroupOf('/lotteryCenter')).toBe('lottery');
    expect(bannerGroupOf('/pointMall')).toBe('shop');
    expect(bannerGroupOf('/member')).toBeNull();
  });

  it('does not show banners on the download page', () => {
    expect(bannersFor([b('download', 1), b('w_download', 2)], bannerGroupOf('/download'))).toEqual([]);
  });

  it('prefers w_help banners on help pages and falls back to the help group', () => {
    expect(bannersFor([b('help', 1), b('w_help', 2)], 'help').map((x) => x.id)).toEqual([2]);
    expect(bannersFor([b('help', 1)], 'help').map((x) => x.id)).toEqual([1]);
  });
});

describe('access guard', () => {
  it('is off unless the merchant turns logged-in-to-home on', () => {
    expect(mustLogIn('/rng', false, false)).toBe(false);
  });

  it('lets visitors reach only login, register, member help and download', () => {
    for (const open of ['/login', '/register', '/register.html', '/helpmc', '/download'])
      expect(mustLogIn(open, true, false)).toBe(false);
    expect(mustLogIn('/', true, false)).toBe(true);
    expect(mustLogIn('/rng', true, false)).toBe(true);
  });

  it('lets a visitor with a token go anywhere', () => {
    expect(mustLogIn('/rng', true, true)).toBe(false);
  });
});
