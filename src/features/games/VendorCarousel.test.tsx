import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Vendor } from '../../../contract/games.ts';
import { mount } from '../../test/authHarness.tsx';
import { VendorCarousel } from './VendorCarousel.tsx';

const vendors = (n: number): Vendor[] =>
  Array.from({ length: n }, (_, i) => ({
    vassalage: `V${i + 1}`,
    gameType: 'RNG',
    gameCategory: 'RNG',
    displayName: `Vendor ${i + 1}`,
    logoUrl: `/logos/V${i + 1}.png`,
    gameCount: 3,
  }));

const arrows = () => screen.queryAllByRole('button', { name: /(Previous|Next) providers/ });

describe('VendorCarousel (spec §2: 5 per view, an "all" entry, arrows when more than 5 entries)', () => {
  it('lists All then every vendor, and has no arrows with 5 entries', () => {
    mount(<VendorCarousel path="/rng" vendors={vendors(4)} />, { router: true });
    const nav = within(screen.getByRole('navigation', { name: 'Providers' }));
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'All',
      'Vendor 1',
      'Vendor 2',
      'Vendor 3',
      'Vendor 4',
    ]);
    expect(nav.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(arrows()).toEqual([]);
  });

  it('has previous and next arrows with 6 entries', () => {
    mount(<VendorCarousel path="/rng" vendors={vendors(5)} active="V2" />, { router: true });
    expect(arrows().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Previous providers',
      'Next providers',
    ]);
    const nav = within(screen.getByRole('navigation', { name: 'Providers' }));
    expect(nav.getByRole('link', { name: 'Vendor 2' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
    // The active vendor's link clears the filter; the others set theirs.
    expect(nav.getByRole('link', { name: 'Vendor 2' })).toHaveAttribute('href', '/rng');
    expect(nav.getByRole('link', { name: 'Vendor 3' })).toHaveAttribute('href', '/rng?vendor=V3');
  });
});
