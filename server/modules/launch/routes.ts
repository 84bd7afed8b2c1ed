import type { FastifyInstance } from 'fastify';
import { launchGame } from '../../../contract/launch.ts';
import { LANGUAGE_HEADER } from '../../../contract/merchant.ts';
import { requestLocale } from '../../http/locale.ts';
import { okValue, route } from '../../http/route.ts';
import type { LaunchService } from './service.ts';

export async function launchRoutes(
  app: FastifyInstance,
  { launches }: { launches: LaunchService },
): Promise<void> {
  route(app, launchGame, async ({ auth, body, merchant, req }) => {
    // Spec §7: the game's language comes from the Language header; the payload's is the fallback.
    const header = req.headers[LANGUAGE_HEADER];
    const language = requestLocale(req, typeof header === 'string' ? header : body.language);
    return okValue(
      await launches.launch(auth, merchant.code, body, {
        language,
        currency: merchant.brand.currency,
        device: /desktop|pc/i.test(body.platform) ? 'desktop' : 'mobile',
        // The lobby of the site the member plays on.
        returnUrl: `${req.protocol}://${req.host}/`,
        launchCdns: merchant.settings.launchGameCDNs,
      }),
    );
  });
}
