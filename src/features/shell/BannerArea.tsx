import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { isOutsideLink, isSitePath } from '../../../contract/banners.ts';
import type { Banner } from '../../../contract/content.ts';
import { noticeIndexQuery } from '../../api/queries.ts';
import { bannerGroupOf, bannersFor } from '../../domain/routesMap.ts';
import { Carousel } from '../../ui/Carousel.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useSettled } from '../../ui/settled.ts';

/** Spec §2/§9: several banners loop with 5000 ms autoplay; home banners have pagination. */
export const BANNER_AUTOPLAY_MS = 5000;

/**
 * The first banner is the largest thing on a page that has banners: fetched first. The others wait until the page
 * has loaded: a slide beside the shown one counts as near the screen for `loading="lazy"`, and on a phone's slow
 * network two more banners fetched at once took the first one's bandwidth (Lighthouse: its load 0.9 s of a 2.1 s
 * LCP on `/`, 28 Nov). Autoplay's first turn comes 5 s after the page is shown.
 */
export function BannerSlide({ banner, first }: { banner: Banner; first: boolean }) {
  const imageUrl = useImageUrl();
  const settled = useSettled();
  const image = (
    <img
      src={first || settled ? imageUrl(banner.url) : undefined}
      alt={banner.title}
      className="aspect-[10/3] w-full rounded-xl object-cover"
      fetchPriority={first ? 'high' : 'auto'}
      loading={first ? 'eager' : 'lazy'}
    />
  );
  // A link stored before links were checked, or written around the back office, is not followed.
  if (banner.linkageType === 'URL' && isOutsideLink(banner.link))
    return (
      <a href={banner.link} target="_blank" rel="noreferrer">
        {image}
      </a>
    );
  if (banner.linkageType === 'ROUTE' && isSitePath(banner.link)) return <a href={banner.link}>{image}</a>;
  return image;
}

export function BannerArea() {
  const { t, i18n } = useLingui();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const group = bannerGroupOf(path);
  const index = useQuery({ ...noticeIndexQuery(i18n.locale), enabled: group !== null });
  if (!group) return null;
  if (!index.data) return <Skeleton className="mx-auto mt-3 aspect-[10/3] w-full max-w-page" />;
  const banners = bannersFor(index.data.banners, group);
  if (banners.length === 0) return null;
  return (
    <div className="mx-auto mt-3 w-full max-w-page px-3">
      <Carousel
        key={`${group}-${i18n.locale}`}
        label={t`Banners`}
        slides={banners.map((b, i) => <BannerSlide key={b.bannerId} banner={b} first={i === 0} />)}
        autoplayMs={BANNER_AUTOPLAY_MS}
        spacing={group === 'home' ? 12 : 0}
        pagination={group === 'home'}
        slideLabel={(i, n) => t`Banner ${i + 1} of ${n}`}
      />
    </div>
  );
}
