import { execFile } from 'node:child_process';

/**
 * Whether the server's fonts can draw a text: a WebP drawn without the script's font shows boxes (tofu) where a
 * Khmer or Burmese game name should be, so such a picture is sent as its SVG instead, which the visitor's browser
 * draws with the phone's own fonts (README: Fonts). Asked of fontconfig, the library sharp draws text with, once per
 * script (one character of it stands for the script's font) and once per other character.
 */
export type FontCheck = (text: string) => Promise<boolean>;

const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Telugu',
  'Gujarati',
  'Gurmukhi',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Arabic',
  'Hebrew',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Georgian',
  'Armenian',
].map((name) => ({ name, re: new RegExp(`\\p{Script=${name}}`, 'u') }));

/**
 * Scripts the raster's shaper draws wrongly whatever the fonts: sharp's bundled HarfBuzz (14.5, sharp 0.35) puts a
 * dotted circle beside Khmer's split vowels (ោ ៅ ៀ ឿ: "ឆ្នោត" comes out broken) with Debian's Noto Khmer, which
 * Chromium draws correctly; such text goes as SVG, for the browser to draw.
 */
const MISSHAPED = new Set(['Khmer']);

/** Asks fontconfig whether any installed font has a glyph for the code point; false when fontconfig is absent. */
export function fontconfigHas(codePoint: number): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('fc-list', [`:charset=${codePoint.toString(16)}`, 'family'], { timeout: 5_000 }, (err, out) =>
      resolve(!err && out.trim().length > 0),
    );
  });
}

/** A FontCheck over `has` (fontconfig by default), remembering each answer for the life of the process. */
export function fontCheck(has: (codePoint: number) => Promise<boolean> = fontconfigHas): FontCheck {
  const known = new Map<string, Promise<boolean>>();
  const ask = (key: string, codePoint: number) => {
    let answer = known.get(key);
    if (!answer) {
      answer = has(codePoint);
      known.set(key, answer);
    }
    return answer;
  };
  return async (text) => {
    const asked = new Set<string>();
    const answers: Promise<boolean>[] = [];
    for (const ch of text) {
      const codePoint = ch.codePointAt(0)!;
      // ASCII and spaces, marks and joiners: drawn by every font, or drawn with the letter they belong to.
      if (codePoint < 0x80 || /[\p{White_Space}\p{M}\u200b-\u200d]/u.test(ch)) continue;
      const key = SCRIPTS.find((s) => s.re.test(ch))?.name ?? ch;
      if (MISSHAPED.has(key)) return false;
      if (asked.has(key)) continue;
      asked.add(key);
      answers.push(ask(key, codePoint));
    }
    return (await Promise.all(answers)).every(Boolean);
  };
}
