import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Banner, Notice } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { banners, notices } from '../../db/schema/index.ts';
import { artPath } from '../art/paths.ts';

/** Text in the wanted locale, falling back to English (every seeded text has en). */
export const localized = (texts: Record<string, string>, locale: Locale) => texts[locale] ?? texts.en ?? '';

export function createContentService(db: Db) {
  return {
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
        url: `${artPath.banner(merchantCode, b.id)}?lang=${locale}`,
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
