import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Banner } from '../../../contract/content.ts';
import { BannerSlide } from './BannerArea.tsx';

const slide = (linkageType: Banner['linkageType'], link: string) =>
  render(
    <BannerSlide
      banner={{ bannerId: 1, url: '/art/b.webp', linkageType, link, groupName: 'home', title: 'Offer' }}
      first
    />,
  );

describe('banner slide', () => {
  it('follows an in-site link only when it is a path of this site', () => {
    slide('ROUTE', '/promotions');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/promotions');
  });

  it.each(['//evil.example/login', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example'])(
    'shows the picture without a link for the in-site link %s',
    (link) => {
      slide('ROUTE', link);
      expect(screen.getByRole('img', { name: 'Offer' })).toBeInTheDocument();
      expect(screen.queryByRole('link')).toBeNull();
    },
  );

  it('opens an https outside link in a new tab, and no other scheme', () => {
    const { unmount } = slide('URL', 'https://partner.example/offer');
    expect(screen.getByRole('link')).toHaveAttribute('target', '_blank');
    unmount();
    slide('URL', 'javascript:alert(1)');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('fetches the first picture at once and the others only once the page has loaded', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const banner = (bannerId: number): Banner => ({
      bannerId,
      url: `/art/b${bannerId}.webp`,
      linkageType: 'NONE',
      link: '',
      groupName: 'home',
      title: `Offer ${bannerId}`,
    });
    render(
      <>
        <BannerSlide banner={banner(1)} first />
        <BannerSlide banner={banner(2)} first={false} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Offer 1' }).getAttribute('src')).toMatch(/b1\.webp/);
    expect(screen.getByRole('img', { name: 'Offer 2' })).not.toHaveAttribute('src');
    await act(async () => {
      window.dispatchEvent(new Event('load'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByRole('img', { name: 'Offer 2' }).getAttribute('src')).toMatch(/b2\.webp/);
    vi.restoreAllMocks();
  });
});
