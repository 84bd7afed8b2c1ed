import { describe, expect, it } from 'vitest';
import { bannerSvg, brandIconSvg, escapeXml, tileSvg, vendorLogoSvg } from './svg.ts';

/**
 * A small XML well-formedness check (no DOMParser in node): tags nest and close, attributes are quoted,
 * text holds no raw `<` or `>` and every `&` starts an entity.
 */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  const tag =
    /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    expect(text).not.toMatch(/>/);
    expect(text.replace(/&(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi, '')).not.toMatch(/&/);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    expect(m, `bad tag at ${lt}: ${xml.slice(lt, lt + 60)}`).not.toBeNull();
    const [whole, close, name, , selfClose] = m!;
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClose) stack.push(name!);
    i = lt + whole.length;
  }
  expect(stack).toEqual([]);
  expect(xml.startsWith('<svg')).toBe(true);
  expect(xml.endsWith('</svg>')).toBe(true);
}

const NASTY = `Tom & "Jerry's" <script>alert(1)</script> > x`;
const NASTY_ESCAPED = 'Tom &amp; &quot;Jerry&apos;s&quot; &lt;script&gt;alert(1)&lt;/script&gt; &gt; x';

describe('escapeXml', () => {
  it('escapes the five XML characters and drops control characters', () => {
    expect(escapeXml(`<&">'`)).toBe('&lt;&amp;&quot;&gt;&apos;');
    expect(escapeXml('a\u0000b\u0007c\td')).toBe('abc\td');
  });
});

describe('tileSvg', () => {
  const tile = (nodeId: string, name = 'Golden Dragon') =>
    tileSvg({ nodeId, name, vassalage: 'PT', gameType: 'RNG' });

  it('draws a 300x300 accessible image', () => {
    const svg = tile('PT_RNG_1');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 300 300"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>Golden Dragon</title>');
    expect(svg).toContain('>PT<');
    assertWellFormed(svg);
  });

  it('escapes the name everywhere', () => {
    const svg = tileSvg({ nodeId: 'X_RNG_1', name: `<&">`, vassalage: `A<B`, gameType: 'RNG' });
    expect(svg).toContain('<title>&lt;&amp;&quot;&gt;</title>');
    expect(svg).not.toContain('<&');
    expect(svg).not.toContain('A<B');
    assertWellFormed(svg);
    const nasty = tile('X_RNG_2', NASTY);
    expect(nasty).toContain(NASTY_ESCAPED);
    expect(nasty).not.toContain('<script');
    assertWellFormed(nasty);
  });

  it('wraps long names into at most 3 lines', () => {
    const svg = tile(
      'PT_RNG_9',
      'The Extraordinarily Long Adventures of the Golden Dragon Emperor and His Many Treasures',
    );
    expect(svg.match(/<tspan/g)?.length).toBeLessThanOrEqual(3);
    expect(svg).toContain('…');
    assertWellFormed(svg);
    const word = tile('PT_RNG_10', 'Supercalifragilisticexpialidocious');
    expect(word.match(/<tspan/g)?.length).toBeGreaterThan(1);
    assertWellFormed(tile('PT_RNG_11', 'Rồng Vàng 🐉 Phát Tài'));
  });

  it('is deterministic and differs per node id', () => {
    expect(tile('PT_RNG_1')).toBe(tile('PT_RNG_1'));
    expect(tile('PT_RNG_1')).not.toBe(tile('PT_RNG_2'));
    const fills = new Set(
      Array.from({ length: 20 }, (_, i) => tile(`PT_RNG_${i}`).match(/stop-color="([^"]+)"/)?.[1]),
    );
    expect(fills.size).toBeGreaterThan(10);
  });
});

describe('bannerSvg', () => {
  const banner = (over: Partial<Parameters<typeof bannerSvg>[0]> = {}) =>
    bannerSvg({
      title: 'Welcome bonus',
      subtitle: 'Up to 100%',
      primary: '#6142bf',
      accent: '#f5b301',
      seed: 1,
      ...over,
    });

  it('draws a 1200x360 banner in the brand colours', () => {
    const svg = banner();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 1200 360"');
    expect(svg).toContain('stop-color="#6142bf"');
    expect(svg).toContain('stop-color="#f5b301"');
    expect(svg).toContain('<title>Welcome bonus</title>');
    assertWellFormed(svg);
  });

  it('escapes texts and refuses unsafe colours', () => {
    const svg = banner({ title: NASTY, subtitle: '<&">', primary: '"/><script>', accent: 'red' });
    expect(svg).toContain(NASTY_ESCAPED.slice(0, 20));
    expect(svg).not.toContain('<script');
    expect(svg).toContain('stop-color="red"');
    assertWellFormed(svg);
  });

  it('is deterministic and depends on the seed', () => {
    expect(banner()).toBe(banner());
    expect(banner()).not.toBe(banner({ seed: 2 }));
  });
});

describe('vendorLogoSvg', () => {
  it('draws a 240x96 logo with the code and the display name', () => {
    const svg = vendorLogoSvg({ vassalage: 'PNG', displayName: "Play'n GO" });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 240 96"');
    expect(svg).toContain('<title>Play&apos;n GO</title>');
    expect(svg).toContain('>PNG<');
    assertWellFormed(svg);
    assertWellFormed(vendorLogoSvg({ vassalage: 'TCG_LOTTO_VN', displayName: '<&">' }));
  });

  it('is deterministic and differs per vendor', () => {
    const v = { vassalage: 'AG', displayName: 'Asia Gaming' };
    expect(vendorLogoSvg(v)).toBe(vendorLogoSvg(v));
    expect(vendorLogoSvg(v)).not.toBe(vendorLogoSvg({ ...v, vassalage: 'PT' }));
  });

  it('draws a variant per category: the emblem and the category in its name, one per category', () => {
    const categories = [
      'FISH',
      'LIVE',
      'PVP',
      'RNG',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'LOTTERY',
      'INHOUSE',
    ] as const;
    const logos = categories.map((category) =>
      vendorLogoSvg({ vassalage: 'AG', displayName: 'Asia Gaming', category }),
    );
    expect(new Set(logos).size).toBe(categories.length);
    for (const [i, svg] of logos.entries()) {
      assertWellFormed(svg);
      expect(svg).toContain(`data-category="${categories[i]}"`);
      expect(svg).toContain('>AG<');
    }
    expect(logos[0]).toContain('<title>Asia Gaming Fishing</title>');
    expect(logos[1]).toContain('<title>Asia Gaming Live casino</title>');
    expect(vendorLogoSvg({ vassalage: 'AG', displayName: 'Asia Gaming' })).not.toContain('data-category');
  });
});

describe('brandIconSvg', () => {
  it('draws a 128x128 icon with the initials', () => {
    const svg = brandIconSvg({ name: 'Lotus Play', primary: '#0f8f7e', accent: '#e8486f' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 128 128"');
    expect(svg).toContain('>LP<');
    assertWellFormed(svg);
    expect(brandIconSvg({ name: 'portico', primary: '#000', accent: '#fff' })).toContain('>P<');
    expect(brandIconSvg({ name: 'đá gà', primary: '#000', accent: '#fff' })).toContain('>ĐG<');
  });

  it('escapes the name', () => {
    const svg = brandIconSvg({ name: '<&"> Co', primary: 'x" onload="1', accent: '#fff' });
    expect(svg).toContain('<title>&lt;&amp;&quot;&gt; Co</title>');
    expect(svg).not.toContain('onload');
    assertWellFormed(svg);
  });
});
