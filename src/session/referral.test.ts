import { afterEach, describe, expect, it } from 'vitest';
import { forgetReferral, rememberedReferral, rememberReferral } from './referral.ts';

afterEach(() => sessionStorage.clear());

describe('referral code from an invitation link', () => {
  it('is kept for the tab from the link, not replaced by a later page without one, and forgotten on demand', () => {
    expect(rememberedReferral()).toBeUndefined();
    rememberReferral('?referralCode=%20K7QM2XPA%20&x=1');
    expect(rememberedReferral()).toBe('K7QM2XPA');
    rememberReferral('?page=depositv2');
    expect(rememberedReferral()).toBe('K7QM2XPA');
    forgetReferral();
    expect(rememberedReferral()).toBeUndefined();
  });
});
