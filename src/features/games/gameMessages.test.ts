import { describe, expect, it } from 'vitest';
import { fromOurGame } from './gameMessages.ts';

describe('fromOurGame', () => {
  it("takes a game's note from the portal's own origin and its launch CDNs only", () => {
    const cdns = ['https://play.lotus.example/', 'not a url', 'http://plain.example'];
    expect(fromOurGame(window.location.origin, cdns)).toBe(true);
    expect(fromOurGame('https://play.lotus.example', cdns)).toBe(true);
    expect(fromOurGame('https://evil.example', cdns)).toBe(false);
    expect(fromOurGame('http://plain.example', cdns)).toBe(false);
    expect(fromOurGame('https://play.lotus.example', [])).toBe(false);
  });
});
