import { describe, expect, it } from 'vitest';
import { launchTarget } from './launchTarget.ts';

describe('launchTarget (spec §4 Starting a game)', () => {
  it('sends lotteries to their pages and launches everything else', () => {
    expect(launchTarget({ gameType: 'LOTT', vassalage: 'TCG' })).toEqual({ page: '/lottery' });
    expect(launchTarget({ gameType: 'ELOTT', vassalage: 'GPI' })).toEqual({ page: '/lottery' });
    expect(launchTarget({ gameType: 'LOTT', vassalage: 'TCG_LOTTO_VN' })).toEqual({ page: '/vnLottery' });
    expect(launchTarget({ gameType: 'ELOTT', vassalage: 'TCG_SEA' })).toEqual({ page: '/game' });
    expect(launchTarget({ gameType: 'RNG', vassalage: 'PT' })).toEqual({ page: '/game' });
    expect(launchTarget({ gameType: 'INHOUSE', vassalage: 'PORTICO' })).toEqual({ page: '/game' });
  });
});
