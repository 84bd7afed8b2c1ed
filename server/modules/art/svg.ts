import type { GameCategory } from '../../../contract/games.ts';
import { mulberry32 } from '../../lib/seededRandom.ts';

/**
 * Generated art: pure functions returning self-contained SVG documents (no fonts, images or scripts).
 * Colours and decorations derive from a hash of a stable key, so the same input always draws the same
 * picture. Every piece of text is escaped, so any name yields well-formed XML. Translucent shapes use fill-opacity,
 * not opacity: a browser paints an element with opacity through a layer of its own, and a lobby paints dozens.
 */

const FONT = 'system-ui, sans-serif';

/** FNV-1a 32-bit hash of a string, finished with an avalanche step so that similar keys spread out. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for XML content and attributes, dropping characters XML 1.0 does not allow. */
export function escapeXml(s: string): string {
  return (
    s
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)
  );
}

/** Keeps a CSS colour that is safe to put in an attribute (hex, rgb(), hsl() or a name), else the fallback. */
function safeColour(c: string, fallback: string): string {
  const v = c.trim();
  return /^#[0-9a-f]{3,8}$/i.test(v) ||
    /^(rgb|hsl)a?\([\d\s.,%/a-z-]*\)$/i.test(v) ||
    /^[a-z]{3,20}$/i.test(v)
    ? v
    : fallback;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${s}% ${l}%)`;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Splits text into at most `maxLines` lines of about `width` characters; an overflow ends in an ellipsis. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  const chars = (s: string) => Array.from(s);
  const push = () => {
    if (line.length) lines.push(line.join(' '));
    line = [];
  };
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    let w = chars(word);
    while (w.length > width) {
      push();
      lines.push(w.slice(0, width).join(''));
      w = w.slice(width);
    }
    if (chars([...line, w.join('')].join(' ')).length > width) push();
    if (w.length) line.push(w.join(''));
  }
  push();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = chars(kept[maxLines - 1]!);
  kept[maxLines - 1] = `${last.slice(0, Math.max(1, width - 1)).join('')}…`;
  return kept;
}

/** Centred (or start-anchored) multi-line text as one <text> element with <tspan> lines. */
function textBlock(
  lines: string[],
  o: { x: number; y: number; size: number; fill: string; weight?: number; anchor?: 'middle' | 'start' },
): string {
  const lh = Math.round(o.size * 1.15);
  const top = o.y - ((lines.length - 1) * lh) / 2;
  const spans = lines
    .map((l, i) => `<tspan x="${o.x}" y="${r1(top + i * lh)}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<text font-family="${FONT}" font-size="${o.size}" font-weight="${o.weight ?? 700}" fill="${o.fill}" text-anchor="${o.anchor ?? 'middle'}" dominant-baseline="middle">${spans}</text>`;
}

function starPath(cx: number, cy: number, r: number, points = 5): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rad = i % 2 === 0 ? r : r * 0.45;
    const a = (Math.PI * i) / points - Math.PI / 2;
    pts.push(`${r1(cx + rad * Math.cos(a))},${r1(cy + rad * Math.sin(a))}`);
  }
  return `M${pts.join('L')}Z`;
}

type Shape = 'circles' | 'stars' | 'waves' | 'diamonds';
const SHAPES: readonly Shape[] = ['circles', 'stars', 'waves', 'diamonds'];

/** A few translucent decorations over a w×h area, drawn from the random stream. */
function decorations(shape: Shape, rand: () => number, w: number, h: number, fill: string): string {
  const out: string[] = [];
  if (shape === 'waves') {
    for (let i = 0; i < 4; i++) {
      const y = h * (0.55 + i * 0.12);
      const amp = h * (0.03 + rand() * 0.05);
      const seg = w / 4;
      let d = `M0,${r1(y)}`;
      for (let s = 0; s < 4; s++) d += ` q${r1(seg / 2)},${r1(s % 2 ? amp : -amp)} ${r1(seg)},0`;
      out.push(`<path d="${d} V${h} H0Z" fill="${fill}" fill-opacity="${r1(0.08 + i * 0.04)}"/>`);
    }
    return out.join('');
  }
  const n = 5 + Math.floor(rand() * 5);
  for (let i = 0; i < n; i++) {
    const x = r1(rand() * w);
    const y = r1(rand() * h);
    const r = r1(Math.min(w, h) * (0.04 + rand() * 0.14));
    const op = r1(0.1 + rand() * 0.2);
    if (shape === 'circles')
      out.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" fill-opacity="${op}"/>`);
    else if (shape === 'stars')
      out.push(`<path d="${starPath(x, y, r)}" fill="${fill}" fill-opacity="${op}"/>`);
    else
      out.push(
        `<rect x="${r1(x - r / 2)}" y="${r1(y - r / 2)}" width="${r}" height="${r}" fill="${fill}" fill-opacity="${op}" transform="rotate(45 ${x} ${y})"/>`,
      );
  }
  return out.join('');
}

function gradient(id: string, from: string, to: string, diagonal = true): string {
  const end = diagonal ? 'x2="1" y2="1"' : 'x2="1" y2="0"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function svgDoc(w: number, h: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>`;
}

/** Font size and characters per line that fit a text into a box of the given width. */
function fitText(text: string, boxWidth: number, maxSize: number, minSize: number, lines: number) {
  const len = Array.from(text).length;
  for (let size = maxSize; size > minSize; size -= 2) {
    const perLine = Math.floor(boxWidth / (size * 0.58));
    if (len <= perLine * lines) return { size, perLine };
  }
  return { size: minSize, perLine: Math.floor(boxWidth / (minSize * 0.58)) };
}

/** A 300×300 game tile: hashed gradient, decorations, the name in up to 3 lines and a vendor badge. */
export function tileSvg(g: { nodeId: string; name: string; vassalage: string; gameType: string }): string {
  const h = hash(g.nodeId);
  const rand = mulberry32(h);
  const hue = h % 360;
  const id = `t${h.toString(36)}`;
  const shape = SHAPES[(h >>> 9) % SHAPES.length]!;
  const { size, perLine } = fitText(g.name, 250, 36, 20, 3);
  const badge = escapeXml(g.vassalage);
  const badgeW = Math.max(40, Array.from(g.vassalage).length * 10 + 20);
  const body = [
    `<defs>${gradient(id, hsl(hue, 70, 42), hsl(hue + 40 + (h % 60), 75, 22))}`,
    `<clipPath id="${id}c"><rect width="300" height="300" rx="24"/></clipPath></defs>`,
    `<rect width="300" height="300" rx="24" fill="url(#${id})"/>`,
    `<g clip-path="url(#${id}c)">${decorations(shape, rand, 300, 300, hsl(hue + 180, 90, 80))}</g>`,
    `<rect x="12" y="12" width="${badgeW}" height="26" rx="13" fill="#000" fill-opacity="0.35"/>`,
    `<text x="${12 + badgeW / 2}" y="25" font-family="${FONT}" font-size="14" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${badge}</text>`,
    textBlock(wrap(g.name, perLine, 3), { x: 150, y: 160, size, fill: '#fff' }),
    `<text x="288" y="284" font-family="${FONT}" font-size="12" fill="#fff" fill-opacity="0.7" text-anchor="end">${escapeXml(g.gameType)}</text>`,
  ];
  return svgDoc(300, 300, g.name, body.join(''));
}

/** A 1200×360 banner: brand gradient, decorations on the right, a title (2 lines) and a subtitle. */
export function bannerSvg(b: {
  title: string;
  subtitle: string;
  primary: string;
  accent: string;
  seed: number;
}): string {
  const h = hash(`${b.seed}|${b.title}`);
  const rand = mulberry32(h);
  const primary = safeColour(b.primary, hsl(h % 360, 65, 40));
  const accent = safeColour(b.accent, hsl((h % 360) + 150, 80, 55));
  const id = `b${h.toString(36)}`;
  const shape = SHAPES[(b.seed >>> 0) % SHAPES.length]!;
  const { size, perLine } = fitText(b.title, 700, 64, 36, 2);
  const title = wrap(b.title, perLine, 2);
  const titleY = 150 - (title.length - 1) * size * 0.3;
  const body = [
    `<defs>${gradient(id, primary, accent, false)}</defs>`,
    `<rect width="1200" height="360" fill="url(#${id})"/>`,
    // Waves run across the whole banner; other shapes stay on the right, clear of the text.
    shape === 'waves'
      ? decorations(shape, rand, 1200, 360, '#fff')
      : `<g transform="translate(600 0)">${decorations(shape, rand, 600, 360, '#fff')}</g>`,
    `<rect width="1200" height="360" fill="#000" fill-opacity="0.12"/>`,
    textBlock(title, { x: 72, y: r1(titleY), size, fill: '#fff', anchor: 'start' }),
    textBlock(wrap(b.subtitle, 60, 1), {
      x: 72,
      y: r1(titleY + (title.length * size * 1.15) / 2 + 40),
      size: 28,
      weight: 400,
      fill: '#fff',
      anchor: 'start',
    }),
  ];
  return svgDoc(1200, 360, b.title, body.join(''));
}

/**
 * Spec §3: "Provider logos exist per category". Each category's emblem, drawn in a 44×44 box at the logo's right, and the hue it turns the plate by: the same
 * provider's fish, live and slots logos are told apart at a glance and still look like one brand.
 */
const CATEGORY_MARK: Record<GameCategory, { label: string; turn: number; mark: string }> = {
  FISH: {
    label: 'Fishing',
    turn: 190,
    mark: '<path d="M4 22C12 9 28 9 34 22C28 35 12 35 4 22ZM34 22L43 13V31Z"/><circle cx="13" cy="19" r="2.5" fill="#000" fill-opacity="0.5"/>',
  },
  LIVE: {
    label: 'Live casino',
    turn: 330,
    mark: '<circle cx="22" cy="22" r="19"/><circle cx="22" cy="22" r="11" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="4" stroke-dasharray="6 4"/>',
  },
  PVP: {
    label: 'Cards',
    turn: 260,
    mark: '<path d="M22 3C30 13 41 19 41 28A8 8 0 0 1 25 31L28 41H16L19 31A8 8 0 0 1 3 28C3 19 14 13 22 3Z"/>',
  },
  RNG: {
    label: 'Slots',
    turn: 40,
    mark: '<rect x="2" y="8" width="12" height="28" rx="3"/><rect x="16" y="8" width="12" height="28" rx="3"/><rect x="30" y="8" width="12" height="28" rx="3"/>',
  },
  SPORTS: {
    label: 'Sports',
    turn: 120,
    mark: '<circle cx="22" cy="22" r="19"/><path d="M22 13L30 19L27 29H17L14 19Z" fill="#000" fill-opacity="0.4"/>',
  },
  ESPORTS: {
    label: 'E-sports',
    turn: 280,
    mark: '<path d="M10 12H34A9 9 0 0 1 43 21V27A6 6 0 0 1 32 30L29 27H15L12 30A6 6 0 0 1 1 27V21A9 9 0 0 1 10 12Z"/>',
  },
  COCKFIGHT: {
    label: 'Cockfight',
    turn: 10,
    mark: '<path d="M6 40C6 26 12 16 22 14L20 6L27 10L31 4L32 13C39 16 42 24 38 32C34 40 18 42 6 40Z"/>',
  },
  LOTTERY: {
    label: 'Lottery',
    turn: 60,
    mark: '<circle cx="22" cy="22" r="19"/><circle cx="22" cy="22" r="10" fill="#000" fill-opacity="0.35"/>',
  },
  INHOUSE: {
    label: 'Originals',
    turn: 160,
    mark: '<path d="M22 3L27 16L41 17L30 26L34 40L22 32L10 40L14 26L3 17L17 16Z"/>',
  },
};

/**
 * A 240×96 vendor logo: hashed colour plate, the vendor code large and its display name below. With a category, the
 * category's variant: the plate turned by the category's hue and its emblem on the right.
 */
export function vendorLogoSvg(v: {
  vassalage: string;
  displayName: string;
  category?: GameCategory;
}): string {
  const h = hash(v.vassalage);
  const variant = v.category ? CATEGORY_MARK[v.category] : undefined;
  const hue = (h % 360) + (variant?.turn ?? 0);
  const id = `v${h.toString(36)}${variant ? v.category!.toLowerCase() : ''}`;
  const code = v.vassalage.replace(/_/g, ' ');
  // The emblem takes the plate's right end: the code is centred in what is left.
  const width = variant ? 150 : 210;
  const cx = variant ? 92 : 120;
  const codeSize = Math.min(40, Math.floor(width / (Math.max(1, Array.from(code).length) * 0.62)));
  const name = wrap(v.displayName, variant ? 22 : 30, 1);
  const title = variant ? `${v.displayName} ${variant.label}` : v.displayName;
  const body = [
    `<defs>${gradient(id, hsl(hue, 60, 38), hsl(hue + 30, 70, 24))}`,
    `<clipPath id="${id}c"><rect width="240" height="96" rx="14"/></clipPath></defs>`,
    `<rect width="240" height="96" rx="14" fill="url(#${id})"/>`,
    variant
      ? `<g transform="translate(186 26)" fill="#fff" fill-opacity="0.85" data-category="${v.category}">${variant.mark}</g>`
      : `<circle cx="214" cy="18" r="34" fill="${hsl(hue + 180, 85, 70)}" fill-opacity="0.2" clip-path="url(#${id}c)"/>`,
    textBlock([code], { x: cx, y: 40, size: codeSize, fill: '#fff', weight: 800 }),
    textBlock(name, { x: cx, y: 76, size: 14, fill: '#fff', weight: 500 }),
  ];
  return svgDoc(240, 96, title, body.join(''));
}

/** Up to two initials of a name: the first letters of its first two words, upper-cased. */
function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]!.toLocaleUpperCase());
  return letters.join('') || '?';
}

/** A 128×128 square site icon: brand gradient with the brand's initials. */
export function brandIconSvg(b: { name: string; primary: string; accent: string }): string {
  const h = hash(b.name);
  const primary = safeColour(b.primary, hsl(h % 360, 65, 40));
  const accent = safeColour(b.accent, hsl((h % 360) + 150, 80, 55));
  const id = `i${h.toString(36)}`;
  const text = initials(b.name);
  const body = [
    `<defs>${gradient(id, primary, accent)}<clipPath id="${id}c"><rect width="128" height="128" rx="28"/></clipPath></defs>`,
    `<rect width="128" height="128" rx="28" fill="url(#${id})"/>`,
    `<circle cx="104" cy="24" r="30" fill="#fff" fill-opacity="0.15" clip-path="url(#${id}c)"/>`,
    textBlock([text], { x: 64, y: 68, size: text.length > 1 ? 52 : 64, fill: '#fff', weight: 800 }),
  ];
  return svgDoc(128, 128, b.name, body.join(''));
}
