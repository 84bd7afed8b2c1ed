import { isCdnOrigin } from '../../../contract/cdn.ts';

/** Messages a game page (in the /game frame or its popup) posts to the portal window. */
export const GAME_MESSAGE = { balance: 'portico.game.balance' } as const;

export const isGameMessage = (data: unknown, kind: keyof typeof GAME_MESSAGE) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === GAME_MESSAGE[kind];

/**
 * Tells the portal that the balance changed (a round settled). A game opened on a launch CDN is on another origin
 * than the portal and cannot know the portal's (no referrer is sent): the note carries nothing but its type, so it
 * goes to any origin, and the portal takes it only from its own origin and its launch CDNs.
 */
export function postBalanceChanged(): void {
  const to = window.opener ?? (window.parent !== window ? window.parent : null);
  to?.postMessage({ type: GAME_MESSAGE.balance }, '*');
}

/** Whether a message's origin is one a game of ours runs on: the portal's own, or one of its launch CDNs. */
export const fromOurGame = (origin: string, launchCdns: readonly string[]) =>
  origin === window.location.origin ||
  launchCdns.some((cdn) => isCdnOrigin(cdn) && new URL(cdn).origin === origin);
