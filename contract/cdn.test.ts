import { describe, expect, it } from 'vitest';
import { cdnUrl, isCdnOrigin } from './cdn.ts';

describe('cdnUrl', () => {
  const cdns = ['https://img1.example.com', 'https://img2.example.com/'];

  it('keeps the path on its own origin without a usable CDN', () => {
    expect(cdnUrl('/art/LOTUS/logo.webp', [])).toBe('/art/LOTUS/logo.webp');
    expect(cdnUrl('/art/LOTUS/logo.webp', ['', 'http://plain.example.com', 'javascript:alert(1)'])).toBe(
      '/art/LOTUS/logo.webp',
    );
  });

  it('leaves absolute and protocol-relative addresses alone', () => {
    expect(cdnUrl('https://vendor.example/a.png', cdns)).toBe('https://vendor.example/a.png');
    expect(cdnUrl('//evil.example/a.png', cdns)).toBe('//evil.example/a.png');
    expect(cdnUrl('data:image/png;base64,AA', cdns)).toBe('data:image/png;base64,AA');
  });

  it('gives one picture one host, every time, and spreads pictures over the list', () => {
    const paths = Array.from({ length: 200 }, (_, i) => `/art/LOTUS/tiles/${i}.webp`);
    const first = paths.map((p) => cdnUrl(p, cdns));
    expect(paths.map((p) => cdnUrl(p, cdns))).toEqual(first);
    const hosts = first.map((u) => new URL(u).host);
    const img1 = hosts.filter((h) => h === 'img1.example.com').length;
    expect(img1).toBeGreaterThan(60);
    expect(200 - img1).toBeGreaterThan(60);
    expect(first[0]).toMatch(/^https:\/\/img[12]\.example\.com\/art\/LOTUS\/tiles\/0\.webp$/);
  });
});

describe('isCdnOrigin', () => {
  it('takes an https origin only', () => {
    expect(isCdnOrigin('https://cdn.example.com')).toBe(true);
    expect(isCdnOrigin('https://cdn.example.com/')).toBe(true);
    expect(isCdnOrigin('https://cdn.example.com/path')).toBe(false);
    expect(isCdnOrigin('https://user:pw@cdn.example.com')).toBe(false);
    expect(isCdnOrigin('https://cdn.example.com/?a=1')).toBe(false);
    expect(isCdnOrigin('http://cdn.example.com')).toBe(false);
    expect(isCdnOrigin('')).toBe(false);
  });
});
