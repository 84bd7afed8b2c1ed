import { and, asc, eq, inArray } from 'drizzle-orm';
import { bannersFor } from '../../../contract/banners.ts';
import type { Banner, BannerGroup, Notice } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { banners, notices } from '../../db/schema/index.ts';
import { pictureUrl } from '../../http/pictures.ts';
import { artPath } from '../art/paths.ts';

/** Text in the wanted locale, falling back to English (every seeded text has en). */
export const localized = (texts: Record<string, string>, locale: Locale) => texts[locale] ?? texts.en ?? '';

/**
 * A banner's picture in a language: the notices call and the page's HTML hint (http/pageHints.ts) name it alike. An
 * operator's uploaded picture (one for every language) wins over the one drawn from the title.
 */
const bannerUrl = (merchantCode: string, b: { id: number; pictureKey: string | null }, locale: Locale) =>
  b.pictureKey ? pictureUrl(b.pictureKey) : `${artPath.banner(merchantCode, b.id)}?lang=${locale}`;

export function createContentService(db: Db) {
  return {
    /** The picture of the first banner a page of `group` shows, if it has any. */
    async firstBannerUrl(
      merchantCode: string,
      group: BannerGroup,
      locale: Locale,
    ): Promise<string | undefined> {
      const rows = await db
        .select({ id: banners.id, groupName: banners.groupName, pictureKey: banners.pictureKey })
        .from(banners)
        .where(
          and(
            eq(banners.merchantCode, merchantCode),
            inArray(banners.groupName, group === 'help' ? ['help', 'w_help'] : [group]),
          ),
        )
        .orderBy(asc(banners.sort), asc(banners.id));
      const first = bannersFor(rows, group)[0];
      return first && bannerUrl(merchantCode, first, locale);
    },

    async noticeIndex(merchantCode: string, locale: Locale, types: Notice['type'][]) {
      const [noticeRows, bannerRows] = await Promise.all([
        db
          .select()
          .from(notices)
          .where(and(eq(notices.merchantCode, merchantCode), inArray(notices.type, types)))
          .orderBy(asc(notices.sort), asc(notices.id)),
        db
          .select()
          .from(banners)
          .where(eq(banners.merchantCode, merchantCode))
          .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id)),
      ]);
      const toNotice = (n: (typeof noticeRows)[number]): Notice => ({
        id: n.id,
        type: n.type,
        title: localized(n.titles, locale),
        content: localized(n.contents, locale),
      });
      const toBanner = (b: (typeof bannerRows)[number]): Banner => ({
        bannerId: b.id,
        url: bannerUrl(merchantCode, b, locale),
        linkageType: b.linkageType,
        link: b.link,
        groupName: b.groupName,
        title: localized(b.titles, locale),
      });
      return {
        notices: noticeRows.filter((n) => n.type !== 'PU').map(toNotice),
        popup: noticeRows.filter((n) => n.type === 'PU').map(toNotice),
        banners: bannerRows.map(toBanner),
      };
    },
  };
}
