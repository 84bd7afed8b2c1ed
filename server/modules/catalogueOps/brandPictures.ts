import { and, eq, sql } from 'drizzle-orm';
import type { Brand } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { banners, merchants } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { pictureUrl } from '../../http/pictures.ts';
import { artPath } from '../art/paths.ts';
import type { AuditLog } from '../audit/log.ts';
import { mustExist } from '../merchant/exists.ts';

const noBanner = () => new DomainError(404, 'NOT_FOUND', 'No such banner', { id: 'No such banner' });

/**
 * Where operators' pictures are put to use: the brand's logo and icon (the merchant row: its trigger tells every
 * process's merchant cache, server/http/merchantCache.ts) and a banner's picture (read on every request).
 */
export function createBrandPictures(db: Db, audit: AuditLog) {
  return {
    /** Refuses an upload for a merchant or banner that does not exist before its picture is stored. */
    async mustHave(code: string, bannerId?: number): Promise<void> {
      await mustExist(db, code);
      if (bannerId === undefined) return;
      const [row] = await db
        .select({ id: banners.id })
        .from(banners)
        .where(and(eq(banners.merchantCode, code), eq(banners.id, bannerId)));
      if (!row) throw noBanner();
    },

    async setBrand(code: string, slot: 'logo' | 'icon', key: string): Promise<Brand> {
      const field = slot === 'logo' ? 'logoUrl' : 'iconUrl';
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(merchants)
          .set({ brand: sql`${merchants.brand} || ${JSON.stringify({ [field]: pictureUrl(key) })}::jsonb` })
          .where(eq(merchants.code, code))
          .returning({ brand: merchants.brand });
        if (!row) throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${code}"`);
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: slot === 'logo' ? 'BRAND_LOGO' : 'BRAND_ICON',
          subject: { picture: key },
        });
        return row.brand;
      });
    },

    /** A banner's uploaded picture, or none (null: drawn from its title again); returns its address in English. */
    async setBanner(code: string, id: number, key: string | null): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(banners)
          .set({ pictureKey: key })
          .where(and(eq(banners.merchantCode, code), eq(banners.id, id)))
          .returning({ id: banners.id });
        if (!row) throw noBanner();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: key ? 'BANNER_PICTURE' : 'BANNER_PICTURE_REMOVED',
          subject: { bannerId: id, picture: key },
        });
        return key ? pictureUrl(key) : `${artPath.banner(code, id)}?lang=en`;
      });
    },
  };
}
export type BrandPictures = ReturnType<typeof createBrandPictures>;
