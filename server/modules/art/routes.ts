import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameCategory } from '../../../contract/games.ts';
import { merchantCode } from '../../../contract/merchant.ts';
import { DomainError } from '../../http/errors.ts';
import { requestLocale } from '../../http/locale.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { localized } from '../content/service.ts';
import type { ArtCatalogue } from './catalogue.ts';
import type { FontCheck } from './fonts.ts';
import { type RasterFormat, rasterOf } from './raster.ts';
import { bannerSvg, brandIconSvg, tileSvg, vendorLogoSvg } from './svg.ts';

/** A picture's file name: its key and the format asked (the SVG itself, or drawn as WebP or PNG: raster.ts). */
const artFile = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,80}\.(svg|webp|png)$/)
  .transform((s) => {
    const dot = s.lastIndexOf('.');
    return { name: s.slice(0, dot), format: s.slice(dot + 1) as ArtFormat };
  });
type ArtFormat = 'svg' | RasterFormat;

/**
 * Sends the picture in the format asked, or as its SVG when the server's fonts lack a script of its `text`
 * (fonts.ts): an <img> shows either by its content type.
 */
async function sendArt(reply: FastifyReply, svg: string, format: ArtFormat, drawable: Promise<boolean>) {
  // Art only changes with the catalogue; a day of caching keeps lobbies fast.
  reply.header('cache-control', 'public, max-age=86400');
  if (format === 'svg' || !(await drawable)) return reply.type('image/svg+xml; charset=utf-8').send(svg);
  return reply.type(`image/${format}`).send(await rasterOf(svg, format));
}

const notFound = () => new DomainError(404, 'NOT_FOUND', 'No such picture');

/** Generated art: game tiles, banners, vendor logos and the brand's icon and logo. */
export async function artRoutes(
  app: FastifyInstance,
  opts: { catalogue: ArtCatalogue; merchants: MerchantCache; fonts: FontCheck },
): Promise<void> {
  const { catalogue, fonts } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const merchantOf = async (code: string) => {
    const m = await opts.merchants.byCode(code);
    if (!m) throw notFound();
    return m;
  };

  r.get(
    '/art/:merchant/tiles/:file',
    { schema: { hide: true, params: z.object({ merchant: merchantCode, file: artFile }) } },
    async (req, reply) => {
      const g = await catalogue.game(req.params.merchant, req.params.file.name);
      if (!g) throw notFound();
      const name = localized(g.names, requestLocale(req, (req.query as { lang?: string }).lang));
      return sendArt(
        reply,
        tileSvg({ nodeId: g.nodeId, name, vassalage: g.vassalage, gameType: g.gameType }),
        req.params.file.format,
        fonts(`${name}${g.vassalage}${g.gameType}`),
      );
    },
  );

  r.get(
    '/art/:merchant/vendors/:file',
    { schema: { hide: true, params: z.object({ merchant: merchantCode, file: artFile }) } },
    async (req, reply) => {
      const v = await catalogue.vendor(req.params.merchant, req.params.file.name);
      if (!v) throw notFound();
      return sendArt(
        reply,
        vendorLogoSvg({ vassalage: v.vassalage, displayName: v.displayName }),
        req.params.file.format,
        fonts(`${v.vassalage}${v.displayName}`),
      );
    },
  );

  r.get(
    '/art/:merchant/vendors/:category/:file',
    {
      schema: {
        hide: true,
        params: z.object({ merchant: merchantCode, category: gameCategory, file: artFile }),
      },
    },
    async (req, reply) => {
      const { merchant, category, file } = req.params;
      const v = await catalogue.vendor(merchant, file.name, category);
      if (!v) throw notFound();
      return sendArt(
        reply,
        vendorLogoSvg({ vassalage: v.vassalage, displayName: v.displayName, category }),
        file.format,
        fonts(`${v.vassalage}${v.displayName}${category}`),
      );
    },
  );

  r.get(
    '/art/:merchant/banners/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          merchant: merchantCode,
          file: artFile.pipe(
            z.object({
              name: z.string().regex(/^\d+$/).transform(Number),
              format: z.enum(['svg', 'webp', 'png']),
            }),
          ),
        }),
        querystring: z.object({ lang: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const m = await merchantOf(req.params.merchant);
      const b = await catalogue.banner(m.code, req.params.file.name);
      if (!b) throw notFound();
      const title = localized(b.titles, requestLocale(req, req.query.lang));
      return sendArt(
        reply,
        bannerSvg({
          title,
          subtitle: m.brand.name,
          primary: m.brand.primary,
          accent: m.brand.accent,
          seed: b.id,
        }),
        req.params.file.format,
        fonts(`${title}${m.brand.name}`),
      );
    },
  );

  r.get(
    '/art/:merchant/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          merchant: merchantCode,
          file: artFile.pipe(
            z.object({ name: z.enum(['icon', 'logo']), format: z.enum(['svg', 'webp', 'png']) }),
          ),
        }),
      },
    },
    async (req, reply) => {
      const m = await merchantOf(req.params.merchant);
      return sendArt(
        reply,
        brandIconSvg({ name: m.brand.name, primary: m.brand.primary, accent: m.brand.accent }),
        req.params.file.format,
        fonts(m.brand.name),
      );
    },
  );
}
