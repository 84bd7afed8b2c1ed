import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Brand } from '../../../contract/merchant.ts';
import { DomainError } from '../../http/errors.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';

const xml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A stable UUID per merchant and payload, so reinstalling replaces the profile instead of adding one. */
const uuid = (seed: string) => {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
};

/** iOS configuration profile with one Web Clip: the portal on the home screen, full screen. */
export function webClipProfile(merchantCode: string, brand: Brand, origin: string): string {
  const id = `app.portico.${merchantCode.toLowerCase()}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>FullScreen</key><true/>
      <key>IsRemovable</key><true/>
      <key>Label</key><string>${xml(brand.name)}</string>
      <key>URL</key><string>${xml(origin)}/</string>
      <key>PayloadDisplayName</key><string>${xml(brand.name)}</string>
      <key>PayloadIdentifier</key><string>${id}.webclip</string>
      <key>PayloadType</key><string>com.apple.webClip.managed</string>
      <key>PayloadUUID</key><string>${uuid(`${id}.webclip`)}</string>
      <key>PayloadVersion</key><integer>1</integer>
    </dict>
  </array>
  <key>PayloadDisplayName</key><string>${xml(brand.name)}</string>
  <key>PayloadIdentifier</key><string>${id}</string>
  <key>PayloadType</key><string>Configuration</string>
  <key>PayloadUUID</key><string>${uuid(id)}</string>
  <key>PayloadVersion</key><integer>1</integer>
</dict>
</plist>
`;
}

/** `/downloads/<MERCHANT>.mobileconfig`: the profile the download page's iOS QR code points to. */
export async function downloadRoutes(
  app: FastifyInstance,
  opts: { merchants: MerchantCache },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/downloads/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[A-Z0-9_]{2,20}\.mobileconfig$/) }),
      },
    },
    async (req, reply) => {
      const code = req.params.file.replace(/\.mobileconfig$/, '');
      const m = await opts.merchants.byCode(code);
      if (!m?.settings.downloadResources.MOBILECONFIG)
        throw new DomainError(404, 'NOT_FOUND', 'No such package');
      const origin = `${req.protocol}://${req.host}`;
      return reply
        .type('application/x-apple-aspen-config')
        .header('content-disposition', `attachment; filename="${req.params.file}"`)
        .send(webClipProfile(m.code, m.brand, origin));
    },
  );
}
