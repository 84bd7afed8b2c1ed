import type { QueryClient } from '@tanstack/react-query';
import { noticeIndexQuery, vendorLanesQuery, whitelabelQuery } from '../api/queries.ts';
import type { UiLocale } from '../i18n/i18n.ts';
import { startStatus } from './App.tsx';

/**
 * What the first portal page waits for, started before the app renders (beside the catalogue) rather than one call
 * after another once it has (the status gate, then the root route, then the page and its banners).
 */
export function prefetchFirstPage(queryClient: QueryClient, locale: UiLocale): void {
  startStatus();
  void queryClient.prefetchQuery(whitelabelQuery());
  void queryClient.prefetchQuery(vendorLanesQuery());
  // Its banners: the server's page hints the first picture (server/http/pageHints.ts).
  void queryClient.prefetchQuery(noticeIndexQuery(locale));
}
