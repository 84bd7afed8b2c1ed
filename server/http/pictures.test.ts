import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { client } from '../test/auth.ts';
import { sniffPicture } from './pictures.ts';

/** Operators' pictures: checked by their bytes, re-encoded without metadata, sized, stored by hash, served immutable. */

const OPS = 'ops-secret-for-pictures';
let t: TestApp;
const auth = { authorization: `Bearer ${OPS}` };

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
}, 120_000);
afterAll(() => t?.close());

/** A multipart body with one file under `file`. */
function upload(data: Buffer, name = 'picture.png', type = 'image/png') {
  const boundary = `----portico${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const post = (url: string, data: Buffer, name?: string) =>
  t.app.inject({ method: 'POST', url, ...upload(data, name) });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

/** A jpg carrying EXIF with a GPS position and a camera name. */
const jpgWithGps = () =>
  picture(1600, 1200)
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 9000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '10/1 45/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '106/1 40/1 0/1',
      },
    })
    .toBuffer();

/** A png whose header claims `side` × `side` pixels (a decompression bomb's header). */
async function claimedPng(side: number) {
  const png = await picture(8, 8).png().toBuffer();
  const ihdr = png.subarray(12, 29);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt32BE(side, 8);
  png.writeUInt32BE(crc32(ihdr) >>> 0, 29);
  return png;
}

const gameOf = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/ops/merchants/PORTICO/games?pageSize=1',
    headers: auth,
  });
  return res.json().value.list[0] as { nodeId: string; gameType: string };
};

describe('operator pictures', () => {
  it('tells pictures by their bytes', async () => {
    expect(sniffPicture(await picture(2, 2).png().toBuffer())).toBe('png');
    expect(sniffPicture(await picture(2, 2).jpeg().toBuffer())).toBe('jpg');
    expect(sniffPicture(await picture(2, 2).webp().toBuffer())).toBe('webp');
    expect(sniffPicture(await picture(2, 2).gif().toBuffer())).toBeNull();
    expect(sniffPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('stores a game icon without its EXIF and GPS, sized for the slot, shown to members at once', async () => {
    const game = await gameOf();
    const original = await jpgWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await post(`/ops/merchants/PORTICO/games/${game.nodeId}/icon`, original, 'holiday.jpg');
    expect(res.statusCode).toBe(200);
    const url = res.json().value.url as string;
    expect(url).toMatch(/^\/pictures\/PORTICO\/gameIcon-[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);

    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': served.headers.etag! },
    });
    expect(again.statusCode).toBe(304);

    const list = await client(t.app).send('GET', `/lgw/games/list?gameType=${game.gameType}&pageSize=100`);
    const shown = (list.body.data.games as { nodeId: string; iconUrl: string }[]).find(
      (g) => g.nodeId === game.nodeId,
    );
    expect(shown!.iconUrl).toBe(url);
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'GAME_ICON'));
    expect(audited!.subject).toMatchObject({ nodeId: game.nodeId });

    // Removed: the picture from before comes back, for members too.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/ops/merchants/PORTICO/games/${game.nodeId}/icon`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().value.url).not.toBe(url);
    const later = await client(t.app).send('GET', `/lgw/games/list?gameType=${game.gameType}&pageSize=100`);
    const now = (later.body.data.games as { nodeId: string; iconUrl: string }[]).find(
      (g) => g.nodeId === game.nodeId,
    );
    expect(now!.iconUrl).not.toBe(url);
    const [gone] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'GAME_ICON_REMOVED'));
    expect(gone!.subject).toMatchObject({ nodeId: game.nodeId, picture: null });
  });

  it('refuses a file that is not a png, jpg or webp whatever its name says', async () => {
    const game = await gameOf();
    const url = `/ops/merchants/PORTICO/games/${game.nodeId}/icon`;
    const fakes = [
      await picture(4, 4).gif().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
    ];
    for (const fake of fakes) {
      const res = await post(url, fake, 'innocent.png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fields: { file: 'The file is not a png, jpg or webp picture' },
      });
    }
    // A png's signature on bytes that are no picture.
    const broken = Buffer.concat([
      (await picture(2, 2).png().toBuffer()).subarray(0, 8),
      Buffer.alloc(100, 1),
    ]);
    expect((await post(url, broken)).statusCode).toBe(400);
  });

  it('refuses a picture too large in bytes (413) or pixels, and a decompression bomb (400)', async () => {
    const game = await gameOf();
    const url = `/ops/merchants/PORTICO/games/${game.nodeId}/icon`;
    const huge = Buffer.concat([await picture(2, 2).png().toBuffer(), Buffer.alloc(6 * 1024 * 1024)]);
    const big = await post(url, huge);
    expect(big.statusCode).toBe(413);
    expect(big.json().fields.file).toBe('The picture is larger than 5 MB');
    const bomb = await post(url, await claimedPng(100_000));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().fields.file).toMatch(/larger than 8000 × 8000 pixels/);
    const none = await t.app.inject({ method: 'POST', url, headers: auth, payload: {} });
    expect(none.statusCode).toBe(400);
    const cut = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nbroken',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().fields.file).toBe('Malformed upload');
  });

  it('sets the brand’s logo and icon, seen by members at their next request', async () => {
    const logo = await post('/ops/merchants/LOTUS/brand/logo', await picture(2000, 500).png().toBuffer());
    expect(logo.statusCode).toBe(200);
    const logoUrl = logo.json().value.brand.logoUrl as string;
    expect(logoUrl).toMatch(/^\/pictures\/LOTUS\/logo-[0-9a-f]{32}\.webp$/);
    const icon = await post('/ops/merchants/LOTUS/brand/icon', await picture(300, 300).webp().toBuffer());
    expect(icon.statusCode).toBe(200);
    const iconUrl = icon.json().value.brand.iconUrl as string;
    expect(iconUrl).toMatch(/^\/pictures\/LOTUS\/icon-[0-9a-f]{32}\.png$/);

    const seen = await client(t.app, 'LOTUS').send('GET', '/wps/system/whitelabel');
    expect(seen.body.value.brand).toMatchObject({ logoUrl, iconUrl });
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 128 });
    const iconServed = await t.app.inject({ method: 'GET', url: iconUrl });
    expect(iconServed.headers['content-type']).toBe('image/png');
    // Another merchant's address does not serve it.
    const elsewhere = await t.app.inject({ method: 'GET', url: logoUrl.replace('/LOTUS/', '/PORTICO/') });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('gives a banner its picture in every language', async () => {
    const banners = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/PORTICO/banners',
      headers: auth,
    });
    const banner = banners.json().value.list[0] as { id: number; pictureUrl: string | null };
    expect(banner.pictureUrl).toBeNull();
    const res = await post(`/ops/merchants/PORTICO/banners/${banner.id}/picture`, await jpgWithGps());
    expect(res.statusCode).toBe(200);
    const url = res.json().value.url as string;
    const served = await t.app.inject({ method: 'GET', url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 360 });
    const index = await client(t.app).send('GET', '/wps/notice/index?language=vi');
    const shown = (index.body.value.banners as { bannerId: number; url: string }[]).find(
      (b) => b.bannerId === banner.id,
    );
    expect(shown!.url).toBe(url);
    const after = await t.app.inject({ method: 'GET', url: '/ops/merchants/PORTICO/banners', headers: auth });
    expect(after.json().value.list.find((b: { id: number }) => b.id === banner.id).pictureUrl).toBe(url);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/ops/merchants/PORTICO/banners/${banner.id}/picture`,
      headers: auth,
    });
    expect(removed.json().value.url).toBe(`/art/PORTICO/banners/${banner.id}.webp?lang=en`);
    const drawn = await client(t.app).send('GET', '/wps/notice/index?language=vi');
    expect(
      (drawn.body.value.banners as { bannerId: number; url: string }[]).find((b) => b.bannerId === banner.id)!
        .url,
    ).toBe(`/art/PORTICO/banners/${banner.id}.webp?lang=vi`);
    const unknown = await post('/ops/merchants/PORTICO/banners/999999/picture', await jpgWithGps());
    expect(unknown.statusCode).toBe(404);
    const noGame = await post('/ops/merchants/PORTICO/games/NO_SUCH_GAME/icon', await jpgWithGps());
    expect(noGame.statusCode).toBe(404);
    expect(noGame.json().fields.nodeId).toBe('No such game');
  });
});
