import type { QueryClient } from '@tanstack/react-query';
import { noticeIndexQuery, vendorLanesQuery, whitelabelQuery } from '../api/queries.ts';
import { bannerGroupOf, bannersFor } from '../domain/routesMap.ts';
import type { UiLocale } from '../i18n/i18n.ts';
import { startStatus } from './App.tsx';

/**
 * What the first portal page waits for, started before the app renders (beside the catalogue) rather than one call
 * after another once it has (the status gate, then the root route, then the page and its banners).
 */
export function prefetchFirstPage(queryClient: QueryClient, locale: UiLocale, path: string): void {
  startStatus();
  void queryClient.prefetchQuery(whitelabelQuery());
  void queryClient.prefetchQuery(vendorLanesQuery());
  // The first banner is the largest thing on a page that has banners: its picture is fetched as soon as its
  // address is known, not once the carousel renders.
  void queryClient.fetchQuery(noticeIndexQuery(locale)).then(
    ({ banners }) => {
      const first = bannersFor(banners, bannerGroupOf(path))[0];
      if (!first) return;
      const link = Object.assign(document.createElement('link'), {
        rel: 'preload',
        as: 'image',
        href: first.url,
      });
      link.setAttribute('fetchpriority', 'high');
      document.head.append(link);
    },
    () => undefined,
  );
}
