import type { FastifyInstance } from 'fastify';
import {
  opsBannerPicture,
  opsBrandPicture,
  opsEditGames,
  opsGameIcon,
  opsGames,
  opsRemoveBannerPicture,
  opsRemoveGameIcon,
} from '../../../contract/catalogue.ts';
import { acceptPicture, type Pictures, pictureRoutes, readPicture } from '../../http/pictures.ts';
import { okValue, route } from '../../http/route.ts';
import type { BrandPictures } from './brandPictures.ts';
import type { GameCatalogue } from './games.ts';

export interface CatalogueOpsDeps {
  catalogue: GameCatalogue;
  brandPictures: BrandPictures;
  pictures: Pictures;
}

/** /ops game catalogue and operator pictures (uploads and the stored pictures' own route). Registered on the root. */
export async function catalogueOpsRoutes(app: FastifyInstance, deps: CatalogueOpsDeps): Promise<void> {
  const { catalogue, brandPictures, pictures } = deps;
  route(app, opsGames, async ({ params, query }) => okValue(await catalogue.list(params.code, query)));
  route(app, opsEditGames, async ({ params, body }) =>
    okValue({ list: await catalogue.edit(params.code, body.nodeIds, body.set) }),
  );
  pictureRoutes(app, pictures);

  await app.register(async (uploads) => {
    await acceptPicture(uploads);
    // The merchant, banner or game is checked first: a refused upload leaves no picture behind.
    route(uploads, opsBrandPicture, async ({ params, req }) => {
      await brandPictures.mustHave(params.code);
      const key = await pictures.store(params.code, params.slot, await readPicture(req));
      return okValue({ brand: await brandPictures.setBrand(params.code, params.slot, key) });
    });
    route(uploads, opsBannerPicture, async ({ params, req }) => {
      await brandPictures.mustHave(params.code, params.id);
      const key = await pictures.store(params.code, 'banner', await readPicture(req));
      return okValue({ url: await brandPictures.setBanner(params.code, params.id, key) });
    });
    route(uploads, opsGameIcon, async ({ params, req }) => {
      await catalogue.mustHave(params.code, params.nodeId);
      const key = await pictures.store(params.code, 'gameIcon', await readPicture(req));
      return okValue({ url: await catalogue.setIcon(params.code, params.nodeId, key) });
    });
  });
  route(app, opsRemoveBannerPicture, async ({ params }) =>
    okValue({ url: await brandPictures.setBanner(params.code, params.id, null) }),
  );
  route(app, opsRemoveGameIcon, async ({ params }) =>
    okValue({ url: await catalogue.setIcon(params.code, params.nodeId, null) }),
  );
}
