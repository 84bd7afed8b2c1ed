/** Messages a game page (in the /game frame or its popup) posts to the portal window. */
export const GAME_MESSAGE = { balance: 'portico.game.balance' } as const;

export const isGameMessage = (data: unknown, kind: keyof typeof GAME_MESSAGE) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === GAME_MESSAGE[kind];

/** Tells the portal that the balance changed (a round settled). */
export function postBalanceChanged(): void {
  const to = window.opener ?? (window.parent !== window ? window.parent : null);
  to?.postMessage({ type: GAME_MESSAGE.balance }, window.location.origin);
}
